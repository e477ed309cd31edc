import { useSearchParams } from "react-router-dom";

/**
 * A text kept in the URL's query (hash router), e.g. a table's search `q`: a link or a reload keeps
 * it. Setting it replaces the current history entry and keeps the other parameters; empty text
 * removes the parameter.
 */
export function useQueryParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? "";
  const setValue = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(name, next);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  return [value, setValue];
}
