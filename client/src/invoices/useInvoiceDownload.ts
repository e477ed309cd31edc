import { useCallback, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { saveFile } from "../http/download";
import { t } from "../i18n/translate";
import { failureText } from "../relay/mutationFeedback";
import { notify } from "../shell/snackbarQueue";
import type { useInvoiceDownloadQuery } from "./__generated__/useInvoiceDownloadQuery.graphql";
import { base64Blob, invoiceFileName } from "./invoiceTexts";

// the document asked for only: the PDF is made on request
const DOCUMENT = graphql`
  query useInvoiceDownloadQuery($id: ID!, $pdf: Boolean!) {
    node(id: $id) {
      ... on Invoice {
        number
        pdfBase64 @include(if: $pdf)
        xml @skip(if: $pdf)
      }
    }
  }
`;

/**
 * "PDF herunterladen" / "XML herunterladen": the Factur-X PDF or the XRechnung CII XML of an invoice
 * (read by GraphQL only when asked for), saved as "Rechnung-<Nummer>.pdf|xml"; a failure shows
 * "Rechnung kann nicht heruntergeladen werden: …". `busy` names the invoice under way.
 */
export function useInvoiceDownload() {
  const environment = useRelayEnvironment();
  const [busy, setBusy] = useState<string | null>(null);
  const download = useCallback(
    async (id: string, format: "pdf" | "xml") => {
      setBusy(id);
      try {
        const data = await fetchQuery<useInvoiceDownloadQuery>(
          environment,
          DOCUMENT,
          { id, pdf: format === "pdf" },
          { fetchPolicy: "network-only" },
        ).toPromise();
        const invoice = data?.node;
        const content = format === "pdf" ? invoice?.pdfBase64 : invoice?.xml;
        if (!invoice?.number || !content) throw new Error(t("invoice.notFound"));
        const blob = format === "pdf" ? base64Blob(content, "application/pdf") : new Blob([content], { type: "application/xml" });
        saveFile({ blob, fileName: invoiceFileName(invoice.number, format) });
      } catch (error) {
        notify({ type: "error", text: failureText("invoice.downloadFailed", error) });
      } finally {
        setBusy(null);
      }
    },
    [environment],
  );
  return { download, busy };
}
