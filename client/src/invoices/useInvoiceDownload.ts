import { useCallback, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { saveFile } from "../http/download";
import { t } from "../i18n/translate";
import { failureText } from "../relay/mutationFeedback";
import { notify } from "../shell/snackbarQueue";
import type { useInvoiceDownloadPdfQuery } from "./__generated__/useInvoiceDownloadPdfQuery.graphql";
import type { useInvoiceDownloadXmlQuery } from "./__generated__/useInvoiceDownloadXmlQuery.graphql";
import { base64Blob, invoiceFileName } from "./invoiceTexts";

const PDF = graphql`
  query useInvoiceDownloadPdfQuery($id: ID!) {
    node(id: $id) {
      ... on Invoice {
        number
        pdfBase64
      }
    }
  }
`;

const XML = graphql`
  query useInvoiceDownloadXmlQuery($id: ID!) {
    node(id: $id) {
      ... on Invoice {
        number
        xml
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
        if (format === "pdf") {
          const data = await fetchQuery<useInvoiceDownloadPdfQuery>(environment, PDF, { id }, { fetchPolicy: "network-only" }).toPromise();
          const invoice = data?.node;
          if (!invoice?.number || !invoice.pdfBase64) throw new Error(t("invoice.notFound"));
          saveFile({ blob: base64Blob(invoice.pdfBase64, "application/pdf"), fileName: invoiceFileName(invoice.number, "pdf") });
        } else {
          const data = await fetchQuery<useInvoiceDownloadXmlQuery>(environment, XML, { id }, { fetchPolicy: "network-only" }).toPromise();
          const invoice = data?.node;
          if (!invoice?.number || !invoice.xml) throw new Error(t("invoice.notFound"));
          saveFile({ blob: new Blob([invoice.xml], { type: "application/xml" }), fileName: invoiceFileName(invoice.number, "xml") });
        }
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
