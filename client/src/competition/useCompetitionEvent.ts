import { graphql, useFragment } from "react-relay";
import type { useCompetitionEvent_event$key } from "./__generated__/useCompetitionEvent_event.graphql";

/**
 * What the competition form needs of its event: the consent texts, the district (club choice of
 * registration_manage) and the competition locations with their types (the type choice).
 */
export function useCompetitionEvent(event: useCompetitionEvent_event$key) {
  return useFragment(
    graphql`
      fragment useCompetitionEvent_event on Event {
        districtAssociationId
        cancellationConditions
        privacyPolicy
        expiration
        locations {
          type
          competitionTypes
        }
      }
    `,
    event,
  );
}

export type CompetitionEvent = ReturnType<typeof useCompetitionEvent>;
