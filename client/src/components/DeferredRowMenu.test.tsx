// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeferredRowMenu } from "./RowMenu";

// A long table's row menu: a plain button until it is first opened, then the RowMenu in its place,
// open; the chosen action still reaches the row.

afterEach(cleanup);

const ITEMS = [
  { value: "move", label: "Verschieben…" },
  { value: "lock", label: "Fixieren" },
] as const;

describe("DeferredRowMenu", () => {
  it("holds only a named button until pressed; pressing puts the open menu with its items in its place", async () => {
    const onSelect = vi.fn();
    render(<DeferredRowMenu label="Aktionen für Anna" items={ITEMS} onSelect={onSelect} />);
    const button = screen.getByRole("button", { name: "Aktionen für Anna" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.queryByRole("menuitem")).toBeNull();
    await act(async () => fireEvent.click(button));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["Verschieben…", "Fixieren"]);
    // the same name on the real menu's button, now expanded; nothing chosen yet
    await waitFor(() => expect(screen.getByRole("button", { name: "Aktionen für Anna" }).getAttribute("aria-expanded")).toBe("true"));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("renders nothing without items (read-only roles)", () => {
    const { container } = render(<DeferredRowMenu label="Aktionen" items={[]} onSelect={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});
