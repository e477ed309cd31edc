import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useTimetableMutationsLockMutation } from "./__generated__/useTimetableMutationsLockMutation.graphql";
import type { useTimetableMutationsMoveMutation } from "./__generated__/useTimetableMutationsMoveMutation.graphql";
import type { useTimetableMutationsPlanMutation } from "./__generated__/useTimetableMutationsPlanMutation.graphql";
import type { useTimetableMutationsPublishMutation } from "./__generated__/useTimetableMutationsPublishMutation.graphql";
import type { useTimetableMutationsRulesMutation } from "./__generated__/useTimetableMutationsRulesMutation.graphql";
import type { useTimetableMutationsSwapMutation } from "./__generated__/useTimetableMutationsSwapMutation.graphql";

/** "Zeitplan erstellen" / "Neu planen": the summary of what the planning did. */
export function usePlanTimetable() {
  return useFeedbackMutation<useTimetableMutationsPlanMutation>(
    graphql`
      mutation useTimetableMutationsPlanMutation($eventId: ID!, $startOver: Boolean) {
        planTimetable(eventId: $eventId, startOver: $startOver) {
          kept
          placed
          removed
          mails
          unplaced {
            title
            reason
          }
        }
      }
    `,
    { failure: "timetable.planFailed" },
  );
}

/** Saves a location's rules with the version as read. */
export function useSaveTimetableRules() {
  return useFeedbackMutation<useTimetableMutationsRulesMutation>(
    graphql`
      mutation useTimetableMutationsRulesMutation($locationId: ID!, $version: Int!, $input: TimetableRulesInput!) {
        saveTimetableRules(locationId: $locationId, version: $version, input: $input) {
          rooms
        }
      }
    `,
    { success: "timetable.rules.saved", failure: "timetable.rules.saveFailed" },
  );
}

/** Moves a slot (the server refuses with the German conflicts when it does not fit). */
export function useMoveTimetableSlot() {
  return useFeedbackMutation<useTimetableMutationsMoveMutation>(
    graphql`
      mutation useTimetableMutationsMoveMutation($id: ID!, $version: Int!, $room: String!, $day: String!, $startMinute: Int!) {
        moveTimetableSlot(id: $id, version: $version, room: $room, day: $day, startMinute: $startMinute) {
          id
          version
          room
          day
          startMinute
          endMinute
          locked
        }
      }
    `,
    { success: "timetable.moved", failure: "timetable.moveFailed" },
  );
}

/** Swaps two slots of one location. */
export function useSwapTimetableSlots() {
  return useFeedbackMutation<useTimetableMutationsSwapMutation>(
    graphql`
      mutation useTimetableMutationsSwapMutation($first: ID!, $firstVersion: Int!, $second: ID!, $secondVersion: Int!) {
        swapTimetableSlots(first: $first, firstVersion: $firstVersion, second: $second, secondVersion: $secondVersion) {
          id
          version
          room
          day
          startMinute
          endMinute
          locked
        }
      }
    `,
    { success: "timetable.swapped", failure: "timetable.swapFailed" },
  );
}

/** "Fixieren" / "Fixierung lösen". */
export function useLockTimetableSlot() {
  return useFeedbackMutation<useTimetableMutationsLockMutation>(
    graphql`
      mutation useTimetableMutationsLockMutation($id: ID!, $version: Int!, $locked: Boolean!) {
        lockTimetableSlot(id: $id, version: $version, locked: $locked) {
          id
          version
          locked
        }
      }
    `,
    { failure: "timetable.lockFailed" },
  );
}

/** "Veröffentlichen": answers the mails written. */
export function usePublishTimetable() {
  return useFeedbackMutation<useTimetableMutationsPublishMutation>(
    graphql`
      mutation useTimetableMutationsPublishMutation($locationId: ID!, $version: Int!) {
        publishTimetable(locationId: $locationId, version: $version)
      }
    `,
    { failure: "timetable.publishFailed" },
  );
}
