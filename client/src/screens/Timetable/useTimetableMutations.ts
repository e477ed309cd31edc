import { type GraphQLTaggedNode, graphql } from "react-relay";
import { type FeedbackMessages, useFeedbackMutation } from "../../relay/useFeedbackMutation";
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

/** What a move or a swap answers of each slot it changed (Relay updates the timetable's records). */
graphql`
  fragment useTimetableMutations_slot on TimetableSlot {
    id
    version
    room
    day
    startMinute
    endMinute
    locked
  }
`;

/** The slot changes staff make by hand, with their answers: the server refuses with the German conflicts when they do not fit. */
const SLOT_CHANGES = {
  /** "Verschieben": a new room, day and start. */
  move: {
    mutation: graphql`
      mutation useTimetableMutationsMoveMutation($id: ID!, $version: Int!, $room: String!, $day: String!, $startMinute: Int!) {
        moveTimetableSlot(id: $id, version: $version, room: $room, day: $day, startMinute: $startMinute) {
          ...useTimetableMutations_slot @relay(mask: false)
        }
      }
    `,
    messages: { success: "timetable.moved", failure: "timetable.moveFailed" },
  },
  /** "Tauschen mit…": two slots of one location take each other's place. */
  swap: {
    mutation: graphql`
      mutation useTimetableMutationsSwapMutation($first: ID!, $firstVersion: Int!, $second: ID!, $secondVersion: Int!) {
        swapTimetableSlots(first: $first, firstVersion: $firstVersion, second: $second, secondVersion: $secondVersion) {
          ...useTimetableMutations_slot @relay(mask: false)
        }
      }
    `,
    messages: { success: "timetable.swapped", failure: "timetable.swapFailed" },
  },
} as const satisfies Record<string, { mutation: GraphQLTaggedNode; messages: FeedbackMessages }>;

type SlotChangeMutations = { move: useTimetableMutationsMoveMutation; swap: useTimetableMutationsSwapMutation };

/** Moves a slot (`"move"`) or swaps two (`"swap"`). */
export function useChangeTimetableSlot<K extends keyof SlotChangeMutations>(kind: K) {
  const { mutation, messages } = SLOT_CHANGES[kind];
  return useFeedbackMutation<SlotChangeMutations[K]>(mutation, messages);
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
