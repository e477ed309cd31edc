import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useInvoiceMutationsCancelMutation } from "./__generated__/useInvoiceMutationsCancelMutation.graphql";
import type { useInvoiceMutationsCreditMutation } from "./__generated__/useInvoiceMutationsCreditMutation.graphql";
import type { useInvoiceMutationsDebitMutation } from "./__generated__/useInvoiceMutationsDebitMutation.graphql";
import type { useInvoiceMutationsFeesMutation } from "./__generated__/useInvoiceMutationsFeesMutation.graphql";
import type { useInvoiceMutationsImportMutation } from "./__generated__/useInvoiceMutationsImportMutation.graphql";
import type { useInvoiceMutationsIssueMutation } from "./__generated__/useInvoiceMutationsIssueMutation.graphql";
import type { useInvoiceMutationsPaidMutation } from "./__generated__/useInvoiceMutationsPaidMutation.graphql";

/** Saves an event's fee table (with the version as read). */
export function useSetEventFees() {
  return useFeedbackMutation<useInvoiceMutationsFeesMutation>(
    graphql`
      mutation useInvoiceMutationsFeesMutation($input: SetEventFeesInput!) {
        setEventFees(input: $input) {
          version
        }
      }
    `,
    { success: "invoice.fees.saved", failure: "invoice.fees.saveFailed" },
  );
}

/** "Rechnungen erstellen": one invoice per club of the event (the screen names the count it wrote). */
export function useIssueInvoices() {
  return useFeedbackMutation<useInvoiceMutationsIssueMutation>(
    graphql`
      mutation useInvoiceMutationsIssueMutation($event: ID!) {
        issueInvoices(event: $event) {
          id
          number
        }
      }
    `,
    { failure: "invoice.issueFailed" },
  );
}

/** "Stornieren": a cancellation invoice with its own number. */
export function useCancelInvoice() {
  return useFeedbackMutation<useInvoiceMutationsCancelMutation>(
    graphql`
      mutation useInvoiceMutationsCancelMutation($id: ID!) {
        cancelInvoice(id: $id) {
          number
        }
      }
    `,
    { success: "invoice.cancelled", failure: "invoice.cancelFailed" },
  );
}

/** "Gutschrift": credits part of an invoice. */
export function useCreditInvoice() {
  return useFeedbackMutation<useInvoiceMutationsCreditMutation>(
    graphql`
      mutation useInvoiceMutationsCreditMutation($id: ID!, $reason: String!, $lines: [CreditLineInput!]!) {
        creditInvoice(id: $id, reason: $reason, lines: $lines) {
          number
        }
      }
    `,
    { success: "invoice.credited", failure: "invoice.creditFailed" },
  );
}

/** "Als bezahlt markieren" with the day of payment. */
export function useMarkInvoicePaid() {
  return useFeedbackMutation<useInvoiceMutationsPaidMutation>(
    graphql`
      mutation useInvoiceMutationsPaidMutation($id: ID!, $paidOn: String!) {
        markInvoicePaid(id: $id, paidOn: $paidOn) {
          status
        }
      }
    `,
    { success: "invoice.markedPaid", failure: "invoice.markPaidFailed" },
  );
}

/** "Lastschriftdatei erstellen": the pain.008 file of the due invoices of clubs with a mandate. */
export function useCreateSepaDebit() {
  return useFeedbackMutation<useInvoiceMutationsDebitMutation>(
    graphql`
      mutation useInvoiceMutationsDebitMutation($input: CreateSepaDebitInput!) {
        createSepaDebit(input: $input) {
          messageId
          count
          totalCents
          xml
        }
      }
    `,
    { success: "invoice.debit.created", failure: "invoice.debit.failed" },
  );
}

/** "Kontoauszug einlesen": camt.053 / camt.054 matched by invoice number. */
export function useImportBankStatement() {
  return useFeedbackMutation<useInvoiceMutationsImportMutation>(
    graphql`
      mutation useInvoiceMutationsImportMutation($districtAssociation: ID, $xml: String!) {
        importBankStatement(districtAssociation: $districtAssociation, xml: $xml) {
          kind
          credits
          matched
          alreadyRead
          skipped
          payments {
            invoiceNumber
            amountCents
            paidOn
            reference
            payerName
          }
        }
      }
    `,
    { success: "invoice.import.done", failure: "invoice.import.failed" },
  );
}
