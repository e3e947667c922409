"""Reading rule sets from the command line: a preset, a JSON object or a
file, with ``--set FIELD=VALUE`` house rules on top."""

from __future__ import annotations

import json
from pathlib import Path

from triominoes.core.errors import InvalidRules, quote
from triominoes.core.record import FORMAT
from triominoes.core.rules import RuleSet

PRESET_LINES = {
    "standard": "the default: draws by choice (3 a turn), hexagons 50/100/150",
    "pressman": "place if you can; hexagons 50/60/70; a round's winner at 400 wins",
    "czech": "pressman's game with standard's bonuses; draw until a tile fits",
    "german": "one round is the game; only 0-0-0 opens with a bonus",
    "spanish": "the opener rotates, 5-5-5 opens for 40; no pass penalty",
}
"""One line a preset for ``triominoes rules`` (in full: docs/rules.md, section 9)."""

RULES_HELP = (
    "A preset (standard, pressman, czech, german, spanish), a JSON object "
    '{"preset": NAME, FIELD: VALUE} or a .json file of one (docs/rules.md).'
)


def rules_from_options(rules: str, overrides: list[str] | None) -> RuleSet:
    text = rules.strip()
    if text.startswith("{"):
        data: object = _json(text, "--rules")
    elif text.endswith(".json"):
        try:
            data = _json(Path(text).read_text(encoding="utf-8"), text)
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidRules(f"cannot read {text}: {exc}") from None
        if isinstance(data, dict) and data.get("format") == FORMAT:
            raise InvalidRules(
                f"{text} is a game record, not a rule set (its rules: {quote(data.get('rules'))})"
            )
    else:
        data = text
    ruleset = RuleSet.from_json(data)
    changes = {}
    for item in overrides or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise InvalidRules(f"--set {quote(item)}: write FIELD=VALUE")
        try:
            changes[key.strip()] = json.loads(value)
        except (ValueError, RecursionError):
            changes[key.strip()] = value  # a bare word: a string field
    return ruleset.with_overrides(**changes) if changes else ruleset


def _json(text: str, where: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidRules(f"{where}: malformed JSON: {exc!s:.200}") from None
