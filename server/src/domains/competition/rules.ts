// Competition registrations (Wertungsspiele), spec sections 3, 4 and 5: the fields adapt to the
// competition type. The facts of the types live in shared/competition.ts, the input's rules in
// shared/competitionSchema.ts (the client's form uses both); this module re-exports them and adds
// the server-only rules. The service adds what needs the database.
import type { CompetitionType, EditPhase } from "../../generated/prisma/client.ts";
import { type CompetitionInput, type CompetitionSong, competitionSongsComplete } from "../../shared/competition.ts";
import { type CompetitionEventFacts, competitionErrors } from "../../shared/competitionSchema.ts";
import { baseRowActions } from "../registrations/rules.ts";

export * from "../../shared/competition.ts";

/**
 * Field name -> German message for everything wrong with a competition registration (the one
 * schema: shared/competitionSchema.ts); `event.locations`, when given, are the event's locations a
 * chosen location must be one of.
 */
export function validateCompetition(input: CompetitionInput, event: CompetitionEventFacts, mode: "create" | "edit"): Record<string, string> {
  return competitionErrors(input, event, mode);
}

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

/**
 * The stored sort key of the overview's "Stücke" column (CompetitionRegistration.songsCompleteKey;
 * docs/decisions.md "Sortable columns"): competitionSongsComplete over the row's type and songs.
 * Every write that changes them writes it with the row (service.ts); the start-up sweep fills rows
 * from before the key.
 */
export const competitionOverviewKeys = (r: { type: CompetitionType; songs: unknown }): { songsCompleteKey: boolean } => ({
  songsCompleteKey: competitionSongsComplete({ type: r.type, songs: Array.isArray(r.songs) ? (r.songs as CompetitionSong[]) : [] }),
});
