import styles from "../components/LoadError.module.css";
import { t } from "../i18n/translate";
import { refusalMessage, signInProblemActions } from "./signInProblem";

/** The mounted shell's sign-in problem screen: the API refuses this sign-in (auth/signInProblem.ts). */
export function SignInProblem({ error }: { error: Error }) {
  return (
    <div className={styles.error} role="alert">
      <h1 className={styles.title}>{t("auth.problem.title")}</h1>
      <p className={styles.detail}>{refusalMessage(error)}</p>
      {signInProblemActions().map((action) => (
        <button
          key={action.label}
          type="button"
          className={styles.button}
          onClick={() => {
            action.run().catch((failure: unknown) => console.error(`${action.label} failed`, failure));
          }}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
