import { DistrictPage } from "../../components/DistrictPage";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { ResultManageContent } from "./ResultManageContent";

/**
 * Results management ("Ergebnisverwaltung", results_read or results_manage; R-RE001): pick one of
 * the active district association's events (past and unpublished ones too), a theory or practice
 * location and a club, search; D-exam results or the competition's results. Staff only, own chunk.
 */
export function ResultManageScreen() {
  return (
    <DistrictPage title={routeTitle(findRoute("resultManage"))} loadError="error.events.load">
      {(districtAssociationId) => <ResultManageContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}
