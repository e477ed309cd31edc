import { graphql, useFragment } from "react-relay";
import type { useDexamEvent_event$key } from "./__generated__/useDexamEvent_event.graphql";

/**
 * What the D-exam form needs of its event: form type (camp section), the consent texts and the
 * automatic deletion date, the
 * district (club choice of registration_manage) and the locations with their courses and
 * instruments (the location choices, R-DF006..R-DF010).
 */
export function useDexamEvent(event: useDexamEvent_event$key) {
  return useFragment(
    graphql`
      fragment useDexamEvent_event on Event {
        formType
        districtAssociationId
        cancellationConditions
        privacyPolicy
        expiration
        locations {
          id
          name
          type
          dexamTypes
          instruments
        }
      }
    `,
    event,
  );
}

export type DexamEvent = ReturnType<typeof useDexamEvent>;
