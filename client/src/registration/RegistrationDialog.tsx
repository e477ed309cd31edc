import { type ComponentType, type ReactNode, Suspense, useEffect, useMemo } from "react";
import { type GraphQLTaggedNode, graphql, type PreloadedQuery, useFragment, useLazyLoadQuery, usePreloadedQuery } from "react-relay";
import type { OperationType } from "relay-runtime";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { FormDialog } from "../components/FormDialog";
import { LoadFailure } from "../components/LoadFailure";
import type { SelectOption } from "../components/SelectField";
import { type FieldErrors, hasErrors } from "../forms/fieldErrors";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import type { MutationResult } from "../relay/useFeedbackMutation";
import { registrationDialogSubtitle } from "../screens/Start/startCards";
import type { RegistrationDialog_clubs$key } from "./__generated__/RegistrationDialog_clubs.graphql";
import type { RegistrationDialog_event$key } from "./__generated__/RegistrationDialog_event.graphql";
import type { RegistrationDialog_viewer$key } from "./__generated__/RegistrationDialog_viewer.graphql";
import { choosesDistrictClubs, clubOptions, type EditScope, editScopeOf, formErrorsOf } from "./formValues";

/**
 * The dialog shells both registration kinds (D-exam, competition) share: loading the event or the
 * registration, closing when it is gone, the club choice, and the submit (check in the browser
 * with the server's rules, focus on the first invalid field, send, the server's field messages at
 * their fields). A kind adds its query, its form state and its fields.
 */

type Club = { readonly id: string; readonly name: string };

/**
 * A kind's create query: `viewer { ...RegistrationDialog_viewer }` and `node(id: $eventId) { ... on
 * Event @alias(as: "event") { ...RegistrationDialog_event ...kind's event fragment } }`.
 */
export type CreateQuery = OperationType & {
  response: { readonly viewer: RegistrationDialog_viewer$key; readonly node?: { readonly event?: RegistrationDialog_event$key | null } | null };
  variables: { eventId: string };
};

const VIEWER = graphql`
  fragment RegistrationDialog_viewer on User {
    roles
    districtAssociationId
    ...RegistrationDialog_clubs
  }
`;

const CLUBS = graphql`
  fragment RegistrationDialog_clubs on User {
    associations {
      id
      name
    }
  }
`;

const EVENT = graphql`
  fragment RegistrationDialog_event on Event {
    districtAssociationId
    name
    formType
  }
`;

/** What a kind's create form is given by the shell. */
export interface CreateFormProps<Q extends CreateQuery> {
  eventId: string;
  event: NonNullable<NonNullable<Q["response"]["node"]>["event"]>;
  /** the viewer's clubs as options */
  ownClubs: readonly SelectOption[];
  /** the district whose clubs registration_manage chooses among (null: the own clubs) */
  districtClubsOf: number | null;
  /** title line, subtitle (the event) and "Absenden" of the create dialog */
  dialog: { subtitle: string; acceptLabel: string; onClose: () => void };
}

/**
 * A create dialog (R-ST024..R-ST029): the opener loads `query` (useNewRegistrationDialog) and shows
 * the dialog in a transition. There is no Suspense boundary here, so the opener's screen stays until
 * code and data are there and the form opens complete. An event gone meanwhile closes it.
 */
export function RegistrationCreateDialog<Q extends CreateQuery>(props: {
  /** the kind's create query (graphql tag) */
  queryNode: GraphQLTaggedNode;
  query: PreloadedQuery<Q>;
  onClose: () => void;
  form: ComponentType<CreateFormProps<Q>>;
}) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.event.load" error={error} onDismiss={props.onClose} />}>
      <CreateLoader {...props} />
    </ErrorBoundary>
  );
}

function CreateLoader<Q extends CreateQuery>({
  queryNode,
  query,
  onClose,
  form: Form,
}: {
  queryNode: GraphQLTaggedNode;
  query: PreloadedQuery<Q>;
  onClose: () => void;
  form: ComponentType<CreateFormProps<Q>>;
}) {
  const data = usePreloadedQuery<Q>(queryNode, query);
  const eventRef = (data.node?.event ?? null) as CreateFormProps<Q>["event"] | null;
  const viewerRef: RegistrationDialog_viewer$key = data.viewer;
  const viewer = useFragment(VIEWER, viewerRef);
  const clubs = useFragment<RegistrationDialog_clubs$key>(CLUBS, viewer).associations;
  const event = useFragment<RegistrationDialog_event$key>(EVENT, eventRef);
  const ownClubs = useMemo(() => clubOptions(clubs), [clubs]);
  useEffect(() => {
    // gone meanwhile: nothing to register for
    if (!eventRef) onClose();
  }, [eventRef, onClose]);
  if (!eventRef || !event) return null;
  return (
    <Form
      eventId={query.variables.eventId}
      event={eventRef}
      ownClubs={ownClubs}
      districtClubsOf={choosesDistrictClubs(viewer, event) ? event.districtAssociationId : null}
      dialog={{ subtitle: registrationDialogSubtitle(event), acceptLabel: t("start.dialog.submit"), onClose }}
    />
  );
}

/** A kind's edit query: `viewer { ...RegistrationDialog_clubs }` and `node(id: $id) { ...Kind_registration @alias(as: "registration") }`. */
export type EditQuery = OperationType & {
  response: { readonly viewer: RegistrationDialog_clubs$key; readonly node?: { readonly registration?: unknown } | null };
  variables: { id: string };
};

type RegistrationOf<Q extends EditQuery> = NonNullable<NonNullable<Q["response"]["node"]>["registration"]>;

/** What a kind's edit form is given by the shell: the registration's fragment key (`Kind_registration$key`) and the viewer's clubs. */
export interface EditFormProps<K> {
  registration: K;
  clubs: readonly Club[];
  onClose: () => void;
}

/**
 * An edit dialog: the registration loaded fresh by id; loading errors show "… kann nicht geladen
 * werden: …" (`loadError`) and close the dialog, and so does a registration deleted meanwhile (or
 * not visible).
 */
export function RegistrationEditDialog<Q extends EditQuery>({
  loadError,
  ...props
}: {
  queryNode: GraphQLTaggedNode;
  registrationId: string;
  loadError: MessageKey;
  onClose: () => void;
  form: ComponentType<EditFormProps<RegistrationOf<Q>>>;
}) {
  return (
    <ErrorBoundary fallback={(error) => <LoadFailure prefix={loadError} error={error} onDismiss={props.onClose} />}>
      <Suspense fallback={null}>
        <EditLoader {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

function EditLoader<Q extends EditQuery>({
  queryNode,
  registrationId,
  onClose,
  form: Form,
}: {
  queryNode: GraphQLTaggedNode;
  registrationId: string;
  onClose: () => void;
  form: ComponentType<EditFormProps<RegistrationOf<Q>>>;
}) {
  const data = useLazyLoadQuery<Q>(queryNode, { id: registrationId }, { fetchPolicy: "network-only" });
  const registration = (data.node?.registration ?? null) as RegistrationOf<Q> | null;
  const clubsRef: RegistrationDialog_clubs$key = data.viewer;
  const clubs = useFragment(CLUBS, clubsRef).associations;
  useEffect(() => {
    // deleted meanwhile (or not visible): nothing to edit
    if (!registration) onClose();
  }, [registration, onClose]);
  if (!registration) return null;
  return <Form registration={registration} clubs={clubs} onClose={onClose} />;
}

/**
 * What both edit forms derive from the loaded registration: the edit scope (viewerCan.edit: ALL
 * everything, SONGS only the pieces, NONE nothing), registration_manage (viewerCan.manage), the
 * club options (the stored club added) and the district whose clubs a manager chooses among.
 */
export function useEditFacts(
  r: {
    readonly association: Club | null | undefined;
    readonly songsComplete: boolean;
    readonly event: { readonly districtAssociationId: number };
    readonly viewerCan: { readonly edit: string; readonly manage: boolean };
  },
  clubs: readonly Club[],
) {
  const manage = r.viewerCan.manage;
  const ownClubs = useMemo(() => clubOptions(clubs, r.association), [clubs, r.association]);
  const scope: EditScope = editScopeOf(r.viewerCan.edit);
  return { mode: "edit", scope, manage, ownClubs, districtClubsOf: manage ? r.event.districtAssociationId : null, songsComplete: r.songsComplete } as const;
}

/**
 * The form dialog of a registration: "Speichern" (or the create's "Absenden") checks the values
 * (`validate`, the server's rules), shows the messages (FormDialog focuses the first), sends
 * (`save`) and closes on success; the server's field messages land at their fields. `readOnly`
 * (edit scope NONE): "Schließen" only.
 */
export function RegistrationFormDialog<V>({
  title,
  subtitle,
  acceptLabel,
  form,
  validate,
  save,
  saving,
  readOnly = false,
  onClose,
  children,
}: {
  title: string;
  subtitle?: string;
  acceptLabel?: string;
  form: { values: V; showErrors: (errors: FieldErrors) => void };
  validate: (values: V) => FieldErrors;
  save: (values: V) => Promise<MutationResult<unknown>>;
  saving: boolean;
  readOnly?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = async () => {
    const found = validate(form.values);
    form.showErrors(found);
    if (hasErrors(found)) return;
    const result = await save(form.values);
    if (result.ok) onClose();
    else form.showErrors(formErrorsOf(result.fieldErrors));
  };
  return (
    <FormDialog
      title={title}
      subtitle={subtitle}
      onCancel={onClose}
      onSubmit={readOnly ? undefined : submit}
      submitting={saving}
      acceptLabel={acceptLabel}
      wide
    >
      {children}
    </FormDialog>
  );
}
