"""The kit's JSON Schemas, loaded once, and plain-language wording of jsonschema errors."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema is imported when a package is validated, not when a game loads its data
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

#: The file kinds of a package and the schema each is checked against.
SCHEMA_NAMES = ("common", "kit", "map", "counters", "tables", "turns", "scenario")
URN = "urn:typhoon-kit:1:"


def schema_text(name: str) -> str:
    """The published JSON Schema of one file kind (``kit``, ``map``, ``counters``, ...)."""
    return resources.files(__package__).joinpath("schema", f"{name}.schema.json").read_text()


@cache
def schema(name: str) -> dict[str, Any]:
    return json.loads(schema_text(name))


@cache
def registry() -> Registry:
    from referencing import Registry, Resource

    return Registry().with_resources((URN + n, Resource.from_contents(schema(n))) for n in SCHEMA_NAMES)


@cache
def validator(name: str) -> Draft202012Validator:
    """A draft 2020-12 validator for one file kind, resolving references between the schemas."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name), registry=registry())


_TYPE_WORDS = {
    "object": "an object ({...})",
    "array": "a list ([...])",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def describe_value(value: Any) -> str:
    """A short rendering of a JSON value for a message."""
    kind = {dict: "an object", list: "a list", bool: "", str: "", int: "", float: ""}.get(type(value), "")
    if isinstance(value, (dict, list)):
        return kind
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _words(types: Any) -> str:
    types = [types] if isinstance(types, str) else list(types)
    return " or ".join(_TYPE_WORDS.get(t, t) for t in types)


def _got(value: Any) -> str:
    return f" (got {describe_value(value)})"


def _explain_one(e: ValidationError) -> str:
    """The plain explanation of one jsonschema error (without file and path)."""
    s = e.schema if isinstance(e.schema, dict) else {}
    v, inst = e.validator, e.instance
    custom = s.get(f"x-explain-{v}")
    if custom:
        return custom
    if v in ("type", "pattern", "const", "enum", "minLength", "minimum", "maximum") and s.get("x-explain"):
        return f"{s['x-explain']}{_got(inst)}"
    if v == "required":
        missing = [k for k in e.validator_value if isinstance(inst, dict) and k not in inst]
        return f"missing required field {', '.join(repr(m) for m in missing)}"
    if v in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted(s.get("properties", {}))
        extra = re.findall(r"'([^']*)'", e.message.split("(")[-1]) if "(" in e.message else []
        if not extra and isinstance(inst, dict):
            extra = sorted(set(inst) - set(allowed))
        text = f"unknown field {', '.join(repr(x) for x in extra)}"
        return text + (f" (allowed: {', '.join(allowed)})" if allowed and v == "additionalProperties" else "")
    if v == "type":
        return f"must be {_words(e.validator_value)}{_got(inst)}"
    if v == "enum":
        return f"must be one of {', '.join(json.dumps(x) for x in e.validator_value)}{_got(inst)}"
    if v == "const":
        return f"must be {json.dumps(e.validator_value)}{_got(inst)}"
    if v == "pattern":
        return f"does not have the expected form (pattern {e.validator_value}){_got(inst)}"
    if v in ("minimum", "exclusiveMinimum"):
        word = "at least" if v == "minimum" else "more than"
        return f"must be {word} {e.validator_value}{_got(inst)}"
    if v in ("maximum", "exclusiveMaximum"):
        word = "at most" if v == "maximum" else "less than"
        return f"must be {word} {e.validator_value}{_got(inst)}"
    if v == "minItems":
        return f"must have at least {e.validator_value} item{'s' if e.validator_value != 1 else ''} (has {len(inst)})"
    if v == "maxItems":
        return f"must have at most {e.validator_value} item{'s' if e.validator_value != 1 else ''} (has {len(inst)})"
    if v == "minProperties":
        return f"must have at least {e.validator_value} entr{'ies' if e.validator_value != 1 else 'y'} (has {len(inst)})"
    if v == "uniqueItems":
        seen, dup = [], None
        for x in inst:
            if x in seen:
                dup = x
                break
            seen.append(x)
        return f"must not list the same item twice ({describe_value(dup)} appears more than once)"
    if v == "minLength":
        return "must not be empty"
    if v in ("oneOf", "anyOf"):
        return f"matches none of the allowed forms{_got(inst)}"
    if v == "not":
        return f"is not allowed here{_got(inst)}"
    return e.message


def explain(e: ValidationError) -> tuple[list[Any], str]:
    """(path parts, plain explanation) of a jsonschema error.

    Errors about an object's keys (``propertyNames``) are reported at the offending key. For
    ``oneOf``/``anyOf`` without an own explanation the most specific sub-error is used."""
    if e.validator in ("oneOf", "anyOf") and e.context and not (isinstance(e.schema, dict) and e.schema.get(f"x-explain-{e.validator}")):
        deepest = max(e.context, key=lambda c: (len(c.absolute_path), -len(c.context or ())))
        if deepest.absolute_path:
            return explain(deepest)
    path = list(e.absolute_path)
    text = _explain_one(e)
    if "propertyNames" in e.absolute_schema_path and isinstance(e.instance, str):
        return path + [e.instance], f"the key {e.instance!r} is not allowed: {text.split(' (got')[0]}"
    return path, text
