import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import type { DexamRowData } from "./DexamRow";
import { TakeoverForm } from "./TakeoverForm";

/**
 * "Teilergebnis übernehmen" (R-RO030..R-RO032): loads the possible target events, then the form;
 * a failed load shows "Veranstaltungen können nicht geladen werden: …" and closes the dialog.
 */
export function TakeoverDialog(props: {
  registration: DexamRowData;
  sourceEventId: string;
  districtAssociationId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.events.load" error={error} onDismiss={props.onClose} />}>
      <Suspense fallback={null}>
        <TakeoverForm {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
