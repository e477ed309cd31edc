import { t } from "../i18n/translate";

export type ParamValue = string | number | boolean | null | undefined;

/** Thrown before any request is sent when a required parameter is missing (R-API005). */
export class MissingParameterError extends Error {
  readonly parameter: string;

  constructor(parameter: string) {
    super(t("error.missingParameter", { name: parameter }));
    this.name = "MissingParameterError";
    this.parameter = parameter;
  }
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** Throws for the first of `names` that is missing in `values` (a dotted name reads nested objects). */
export function assertRequired(values: unknown, names: readonly string[]): void {
  for (const name of names) {
    let current: unknown = values;
    for (const part of name.split(".")) {
      current = typeof current === "object" && current !== null ? (current as Record<string, unknown>)[part] : undefined;
    }
    if (isMissing(current)) throw new MissingParameterError(name);
  }
}

/**
 * Fills `{name}` segments of a path template, URL-encoded; every placeholder is required
 * (e.g. `/association/{id}` without id throws an error naming "id").
 */
export function expandPath(template: string, params: Record<string, ParamValue> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (isMissing(value)) throw new MissingParameterError(name);
    return encodeURIComponent(String(value));
  });
}

/** Query string of the defined values, e.g. `?search=a&districtId=2`; empty when none is set. */
export function queryString(query: Record<string, ParamValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
