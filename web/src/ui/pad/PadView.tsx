// One pad being kept on this phone: the next entry (a round's opener, a
// turn, the hands at a round's end), the score, the sheet with every entry
// open to change, and the tools (share, other rules, export, print).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { t } from "../../i18n";
import { presetName } from "../../narrate";
import { addTurn, editTurn, endRound, nextOpener, scorePad, startRound, undo, withRules, type Pad, type Rules } from "../../pad/model";
import { padCsv } from "../../pad/export";
import { rememberShare, savePad, shareOf, type Share } from "../../pad/store";
import { Sender, sharePad } from "../../pad/sync";
import { RoundEndForm } from "./RoundEndForm";
import { Scoreboard, Sheet } from "./Sheet";
import { TurnEntry } from "./TurnEntry";
import { setTitle } from "../../title";

type Editing = { kind: "turn"; round: number; index: number } | { kind: "end"; round: number } | null;

export function PadView({ initial }: { initial: Pad }) {
  const [pad, setPad] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [blocked, setBlocked] = useState(false);
  const [share, setShare] = useState<Share | null>(() => shareOf(initial.id));
  const score = useMemo(() => scorePad(pad), [pad]);
  const r = pad.rounds.length - 1;
  const round = score.rounds[r];

  useEffect(() => {
    setTitle(t("Score pad"));
  }, []);

  const sender = useRef<Sender | null>(null);
  const sendTo = (current: Share): Sender => {
    const made = new Sender(current, (saved) => {
      rememberShare(initial.id, saved);
      setShare(saved);
    });
    sender.current = made;
    return made;
  };
  const update = (next: Pad) => {
    setPad(next);
    savePad(next);
    if (share) (sender.current ?? sendTo(share)).send(next);
  };
  useEffect(() => {
    // Entries saved while offline before a reload go out now.
    if (share?.behind && navigator.onLine) sendTo(share).send(pad);
  }, []);
  useEffect(() => {
    // Catch up with the server once the phone is back online.
    const online = () => {
      if (share?.behind) (sender.current ?? sendTo(share)).send(pad);
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  });
  const now = () => Date.now();

  let entry = null;
  if (editing?.kind === "turn") {
    const seat = score.rounds[editing.round]?.turns[editing.index]?.seat ?? 0;
    entry = (
      <TurnEntry
        key={`edit-${editing.round}-${editing.index}`}
        pad={pad}
        round={editing.round}
        editing={editing.index}
        seat={seat}
        onDone={(turn) => {
          update(editTurn(pad, editing.round, editing.index, turn, now()));
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    );
  } else if (editing?.kind === "end") {
    const old = score.rounds[editing.round];
    entry = (
      <RoundEndForm
        key={`end-${editing.round}`}
        pad={pad}
        round={editing.round}
        kind={old?.end?.kind ?? "blocked"}
        switchable
        outSeat={old?.outSeat ?? [...(old?.turns ?? [])].reverse().find((turn) => turn.tile !== null)?.seat ?? null}
        onDone={(end) => {
          update(endRound(pad, editing.round, end, now()));
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    );
  } else if (!round || (round.state === "over" && !score.finished)) {
    entry = <RoundStart pad={pad} onStart={(opener) => update(startRound(pad, opener, now()))} />;
  } else if (round.state === "hands" || (blocked && round.state !== "over")) {
    entry = (
      <RoundEndForm
        key={`end-${r}-${round.state}`}
        pad={pad}
        round={r}
        kind={round.state === "hands" ? "out" : "blocked"}
        outSeat={round.outSeat}
        onDone={(end) => {
          update(endRound(pad, r, end, now()));
          setBlocked(false);
        }}
        {...(round.state === "hands" ? {} : { onCancel: () => setBlocked(false) })}
      />
    );
  } else if (round.toMove !== null) {
    entry = (
      <>
        <TurnEntry key={`${r}-${round.turns.length}`} pad={pad} round={r} editing={null} seat={round.toMove} onDone={(turn) => update(addTurn(pad, turn, now()))} />
        <p>
          <button type="button" onClick={() => setBlocked(true)}>
            {t("Nobody can go on: the round is blocked")}
          </button>
        </p>
      </>
    );
  }

  return (
    <main id="main" class="page pad">
      <h1>{t("Score pad")}</h1>
      <Status pad={pad} score={score} />
      <div class="pad-grid">
        <div>
          <Scoreboard pad={pad} score={score} toMove={editing ? null : (round?.toMove ?? null)} />
          {entry}
          <div class="actions no-print">
            <button type="button" onClick={() => update(undo(pad, now()))} disabled={pad.rounds.length === 0}>
              {t("Undo the last entry")}
            </button>
          </div>
        </div>
        <div>
          <Sheet
            pad={pad}
            score={score}
            onEditTurn={(round, index) => setEditing({ kind: "turn", round, index })}
            onEditEnd={(round) => setEditing({ kind: "end", round })}
          />
          <ShareBox
            pad={pad}
            share={share}
            onShared={(made) => {
              rememberShare(pad.id, made);
              setShare(made);
              sendTo(made);
            }}
          />
          <Rescore pad={pad} onUse={(rules) => update(withRules(pad, rules, now()))} />
          <Export pad={pad} />
        </div>
      </div>
    </main>
  );
}

export function Status({ pad, score }: { pad: Pad; score: ReturnType<typeof scorePad> }) {
  const round = score.rounds[score.rounds.length - 1];
  const names = (seats: number[]) => seats.map((s) => pad.players[s]).join(", ");
  return (
    <div class="pad-status" aria-live="polite">
      <p class="muted">
        {presetName(String(pad.rules["preset"] ?? pad.rules["name"] ?? ""))}
        {round && ` · ${t("Round {n}", { n: round.number })}`}
        {round?.pool !== null && round?.pool !== undefined && round.state !== "over" && ` · ${t("{n} tiles in the pool", { n: round.pool })}`}
      </p>
      {score.finished && <p class="banner result">{t("{names} won the game", { names: names(score.winners) })}</p>}
      {!score.finished && round?.end && <p class="banner">{t("{names} won round {n}", { names: names(round.end.winners), n: round.number })}</p>}
      {!score.finished && score.lastRound && <p class="banner warn">{t("A total reached the target: this round is the last.")}</p>}
      {round?.state === "final-cycle" && round.outSeat !== null && (
        <p class="banner warn">{t("{name} went out: everyone else takes one more turn.", { name: pad.players[round.outSeat] ?? "" })}</p>
      )}
      {score.flags > 0 && <p class="banner warn">{t("Some entries cannot have happened: see the marks on the sheet.")}</p>}
    </div>
  );
}

function RoundStart({ pad, onStart }: { pad: Pad; onStart(opener: number): void }) {
  const suggested = nextOpener(pad);
  const [opener, setOpener] = useState(suggested ?? 0);
  return (
    <form
      class="card"
      onSubmit={(e) => {
        e.preventDefault();
        onStart(opener);
      }}
    >
      <fieldset>
        <legend>{t("Who opens round {n}?", { n: pad.rounds.length + 1 })}</legend>
        {suggested === null && <p class="muted">{t("The player with the highest triple (else the highest tile).")}</p>}
        {pad.players.map((name, seat) => (
          <label class="check" key={seat}>
            <input type="radio" name="opener" checked={opener === seat} onChange={() => setOpener(seat)} />
            <span>{name}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" class="primary">
        {t("Start round {n}", { n: pad.rounds.length + 1 })}
      </button>
    </form>
  );
}

function ShareBox({ pad, share, onShared }: { pad: Pad; share: Share | null; onShared(share: Share): void }) {
  const [error, setError] = useState(false);
  const link = share ? `${location.origin}/pad/${share.server}` : null;
  return (
    <section class="card no-print" aria-labelledby="share-title">
      <h2 id="share-title">{t("Share")}</h2>
      {link ? (
        <>
          <label for="share-link">{t("Other phones follow the score at this link:")}</label>
          <div class="row">
            <input id="share-link" readOnly value={link} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
            <button type="button" onClick={() => void navigator.clipboard?.writeText(link)}>
              {t("Copy")}
            </button>
          </div>
          <p class="muted">{share?.behind ? t("Offline: the latest entries are sent when the phone is back online.") : t("Every entry is sent.")}</p>
        </>
      ) : (
        <button
          type="button"
          onClick={() => {
            setError(false);
            sharePad(pad).then(onShared, () => setError(true));
          }}
        >
          {t("Share this pad")}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {t("The server cannot be reached.")}
        </p>
      )}
    </section>
  );
}

function Rescore({ pad, onUse }: { pad: Pad; onUse(rules: Rules): void }) {
  const [presets, setPresets] = useState<Record<string, Rules> | null>(null);
  const [chosen, setChosen] = useState("");
  const load = () => {
    if (!presets) api.rules().then((answer) => setPresets(answer.presets), () => setPresets({}));
  };
  const rules = presets?.[chosen];
  const other = rules ? scorePad(pad, rules) : null;
  return (
    <details class="card no-print" onToggle={load}>
      <summary>{t("Score under other rules")}</summary>
      {presets && (
        <div class="field">
          <label for="rescore">{t("Rules")}</label>
          <select id="rescore" value={chosen} onChange={(e) => setChosen((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">—</option>
            {Object.keys(presets).map((name) => (
              <option value={name} key={name}>
                {presetName(name)}
              </option>
            ))}
          </select>
        </div>
      )}
      {other && rules && (
        <>
          <table class="round-table" aria-label={t("Totals under {rules}", { rules: presetName(chosen) })}>
            <tbody>
              {pad.players.map((name, seat) => (
                <tr key={seat} class={other.winners.includes(seat) ? "winner" : ""}>
                  <th scope="row">{name}</th>
                  <td>{other.totals[seat]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {other.flags > 0 && <p class="muted">{t("Some entries cannot have happened under these rules.")}</p>}
          <button type="button" onClick={() => onUse(rules)}>
            {t("Keep these rules for this pad")}
          </button>
        </>
      )}
    </details>
  );
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Export({ pad }: { pad: Pad }) {
  const stem = `pad-${new Date(pad.created).toISOString().slice(0, 10)}-${pad.id}`;
  return (
    <section class="card no-print" aria-labelledby="export-title">
      <h2 id="export-title">{t("Keep a copy")}</h2>
      <div class="actions">
        <button type="button" onClick={() => download(`${stem}.csv`, "text/csv", padCsv(pad))}>
          {t("Download CSV")}
        </button>
        <button type="button" onClick={() => download(`${stem}.json`, "application/json", JSON.stringify(pad, null, 1))}>
          {t("Download JSON")}
        </button>
        <button type="button" onClick={() => window.print()}>
          {t("Print")}
        </button>
      </div>
    </section>
  );
}
