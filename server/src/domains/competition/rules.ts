// Competition registrations (Wertungsspiele), spec sections 3, 4 and 5: the fields adapt to the
// competition type. The pure form rules live in shared/competition.ts (the client's form uses the
// same functions); this module re-exports them and adds the server-only rules. The service adds
// what needs the database.
import type { EditPhase } from "../../generated/prisma/client.ts";
import { baseRowActions } from "../registrations/rules.ts";

export {
  ageGroupsFor,
  CASTS_ORCHESTRA,
  CASTS_SMALL,
  CATEGORIES,
  COMPETITION_MSG,
  type CompetitionInput,
  type CompetitionSong,
  castsFor,
  changeType,
  competitionSongsComplete,
  formatDuration,
  MAX_DURATION_SECONDS,
  MAX_MUSICIANS,
  memberLines,
  parseDuration,
  songRowsFor,
  usesAgeGroup,
  validateCompetition,
} from "../../shared/competition.ts";

/**
 * Competition results are visible only once every location of the event publishes results
 * (spec section 4); staff with registration or results roles always see them.
 */
export const competitionResultsVisible = (staff: boolean, locations: { publishResults: boolean }[]) =>
  staff || (locations.length > 0 && locations.every((l) => l.publishResults));

/**
 * The row menu of a competition row: as for D-exams, but delete is offered to user_manage (as the
 * spec writes it, R-RO021/R-RO022) or in phase NoRestrictions; otherwise cancel.
 */
export function competitionRowActions(
  r: { cancelledAt: Date | null; editPhase: EditPhase },
  v: { manager: boolean; userManager: boolean; clubMember: boolean },
) {
  return baseRowActions(r, { manager: v.manager, deleter: v.userManager, clubMember: v.clubMember });
}
