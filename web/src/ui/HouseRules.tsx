// House rules from the server's JSON Schema of a rule set (GET /api/rules):
// a control for each field the schema describes simply (numbers, yes/no,
// choices, fixed lists of numbers). What a value means stays the server's.
import { t } from "../i18n";
import type { Rules } from "../types";

interface Property {
  type?: string | string[];
  enum?: (string | null)[];
  minimum?: number;
  maximum?: number;
  items?: Property;
  minItems?: number;
  maxItems?: number;
}

const SKIP = new Set(["preset", "name", "version", "target_score"]);

/** The rules end the game at a target but none is given (the server would
 * refuse them: caught in the form, in the reader's language). */
export function targetMissing(rules: Rules): boolean {
  return rules["game_end"] !== "single-round" && typeof rules["target_score"] !== "number";
}

/** The points a game is played to (empty: one round), kept as an override
 * only where it differs from the preset's. */
export function TargetScore({
  id,
  base,
  overrides,
  onChange,
  invalid = false,
}: {
  id: string;
  base: Rules;
  overrides: Rules;
  onChange(next: Rules): void;
  invalid?: boolean;
}) {
  const rules = { ...base, ...overrides };
  const target = rules["target_score"];
  const single = rules["game_end"] === "single-round";
  return (
    <div class="field">
      <label for={id}>{t("Play to (points)")}</label>
      <input
        id={id}
        type="number"
        name={id}
        min={1}
        max={100000}
        value={typeof target === "number" ? target : ""}
        placeholder={single ? t("one round") : ""}
        aria-invalid={invalid ? "true" : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onInput={(e) => {
          const text = (e.currentTarget as HTMLInputElement).value;
          const value = text === "" ? null : Number(text);
          const next = { ...overrides };
          if (value === (base["target_score"] ?? null)) delete next["target_score"];
          else next["target_score"] = value;
          onChange(next);
        }}
      />
      {invalid && (
        <p id={`${id}-error`} class="error">
          {t("Enter the points to play to, or choose “a single round” under “How the game ends” in the house rules.")}
        </p>
      )}
    </div>
  );
}

export function fieldLabel(field: string): string {
  const labels: Record<string, string> = {
    tile_set: t("Tile set"),
    opening: t("Who opens"),
    draw_penalty: t("Points lost per tile drawn"),
    max_draws: t("Most tiles drawn in a turn (empty: no limit)"),
    pass_penalty: t("Points lost for passing"),
    voluntary_draw: t("Drawing allowed when a tile fits"),
    hexagon_bonus: t("Hexagon bonus (1st, 2nd, 3rd in one move)"),
    bridge_bonus: t("Bridge bonus"),
    two_side_bonus: t("Two-sided bonus"),
    corner_fallback: t("A tile may touch at a corner only"),
    going_out_bonus: t("Going-out bonus"),
    collect_hands: t("Going out collects the others' hands"),
    finish_cycle_after_out: t("Others get a last turn after someone goes out"),
    blocked_when_no_moves: t("A round is blocked when no one can move"),
    blocked_scoring: t("Scoring a blocked round"),
    game_end: t("How the game ends"),
  };
  return labels[field] ?? field.replace(/_/g, " ");
}

export function choiceLabel(value: string): string {
  const labels: Record<string, string> = {
    standard56: t("56 tiles"),
    extended76: t("76 tiles (with mirror images)"),
    "highest-triple": t("highest triple"),
    "highest-triple-then-rotate": t("highest triple, then in turn"),
    differences: t("the difference to each other hand"),
    "others-minus-own": t("the others' hands less one's own"),
    none: t("no points"),
    "last-round": t("the round that reaches the target is finished"),
    "round-winner": t("the first round winner at the target"),
    "single-round": t("a single round"),
  };
  return labels[value] ?? value;
}

function kinds(p: Property): string[] {
  return Array.isArray(p.type) ? p.type : p.type ? [p.type] : [];
}

export function HouseRules(props: {
  schema: Record<string, unknown>;
  base: Rules;
  overrides: Rules;
  onChange: (overrides: Rules) => void;
}) {
  const variants = (props.schema["oneOf"] as Record<string, unknown>[] | undefined) ?? [props.schema];
  const object = variants.find((v) => v["type"] === "object");
  const properties = (object?.["properties"] ?? {}) as Record<string, Property>;
  const rules = { ...props.base, ...props.overrides };

  const set = (field: string, value: unknown) => {
    const next = { ...props.overrides };
    if (JSON.stringify(value) === JSON.stringify(props.base[field])) delete next[field];
    else next[field] = value;
    props.onChange(next);
  };

  const controls = Object.entries(properties).flatMap(([field, p]) => {
    if (SKIP.has(field)) return [];
    const id = `rule-${field}`;
    const value = rules[field];
    const types = kinds(p);
    if (p.enum) {
      const choices = p.enum.filter((c): c is string => typeof c === "string");
      return [
        <div class="field" key={field}>
          <label for={id}>{fieldLabel(field)}</label>
          <select id={id} value={String(value)} onChange={(e) => set(field, (e.currentTarget as HTMLSelectElement).value)}>
            {choices.map((c) => (
              <option value={c} key={c}>
                {choiceLabel(c)}
              </option>
            ))}
          </select>
        </div>,
      ];
    }
    if (types.includes("boolean")) {
      return [
        <label class="check" key={field}>
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(field, (e.currentTarget as HTMLInputElement).checked)} />
          <span>{fieldLabel(field)}</span>
        </label>,
      ];
    }
    if (types.includes("integer")) {
      const nullable = types.includes("null");
      return [
        <div class="field" key={field}>
          <label for={id}>{fieldLabel(field)}</label>
          <input
            id={id}
            type="number"
            min={p.minimum}
            max={p.maximum}
            value={typeof value === "number" ? value : ""}
            onInput={(e) => {
              const text = (e.currentTarget as HTMLInputElement).value;
              if (text === "") {
                if (nullable) set(field, null);
                return;
              }
              set(field, Number(text));
            }}
          />
        </div>,
      ];
    }
    if (types.includes("array") && p.items && kinds(p.items).includes("integer") && p.minItems && p.minItems === p.maxItems) {
      const list = Array.isArray(value) ? (value as number[]) : [];
      return [
        <fieldset class="numbers" key={field}>
          <legend>{fieldLabel(field)}</legend>
          {Array.from({ length: p.minItems }, (_, i) => (
            <input
              key={i}
              type="number"
              aria-label={`${fieldLabel(field)} ${i + 1}`}
              min={p.items?.minimum}
              max={p.items?.maximum}
              value={list[i] ?? 0}
              onInput={(e) => {
                const next = [...list];
                next[i] = Number((e.currentTarget as HTMLInputElement).value);
                set(field, next);
              }}
            />
          ))}
        </fieldset>,
      ];
    }
    return [];
  });

  const changed = Object.keys(props.overrides).filter((k) => k !== "target_score").length;
  return (
    <details class="house">
      <summary>
        {t("House rules")}
        {changed > 0 && <span class="badge">{changed}</span>}
      </summary>
      <div class="house-fields">{controls}</div>
    </details>
  );
}
