"""How the schemas become the contract: shared components, references and unions.

apispec writes a field inline wherever it appears. Three kinds of field are written otherwise:
fields with `_ref` metadata become a reference to one shared component (a card, a seat, a strain:
one type in a generated client, not one per place); fields with `_spec` metadata are written as that
JSON Schema; `OneOf` fields become a reference to a union component with its `oneOf` and, for
actions, a `type` discriminator.
"""

from __future__ import annotations

import json
from typing import Any

from apispec.ext.marshmallow.common import make_schema_key
from marshmallow import Schema, fields

from .common import COMPONENTS, OneOf, union_component

REF = "#/components/schemas/"

# Request schemas that extend another: name -> (the schema it extends, the fields it adds).
COMPOSED: dict[str, tuple[str, tuple[str, ...]]] = {}


def composes(name: str, base: str, own: tuple[str, ...]) -> None:
    """Document `name` as `base` plus `own` fields (allOf), not as a copy of base's fields."""
    COMPOSED[name] = (base, own)


def compose(spec: dict[str, Any]) -> None:
    """Rewrite the composed schemas of a finished spec (in place).

    `additionalProperties: false` cannot be extended (a field added beside it is refused), so the
    base keeps its fields open, and every schema that extends it is `allOf` the base plus its own
    fields, closed with `unevaluatedProperties: false`. Where the base is used on its own it is
    `<Base>Closed`, the base closed the same way; generators that fold a lone `allOf` (the Python
    one) still name that type after the base.
    """
    schemas = spec.get("components", {}).get("schemas", {})
    for name, (base, own) in COMPOSED.items():
        if name not in schemas or base not in schemas:
            continue
        closed = base + "Closed"
        if closed not in schemas:
            _redirect(spec, REF + base, REF + closed)
            record = schemas[base]
            schemas[base] = {k: v for k, v in record.items() if k != "additionalProperties"}
            schemas[closed] = {"allOf": [{"$ref": REF + base}], "unevaluatedProperties": False}
        whole = schemas[name]
        extra = {"type": "object", "properties": {k: whole["properties"][k] for k in own}}
        schemas[name] = {"allOf": [{"$ref": REF + base}, extra], "unevaluatedProperties": False}


def _redirect(node: Any, old: str, new: str) -> None:
    if isinstance(node, dict):
        if node.get("$ref") == old:
            node["$ref"] = new
        for value in node.values():
            _redirect(value, old, new)
    elif isinstance(node, list):
        for value in node:
            _redirect(value, old, new)


def _special(self: Any, field: fields.Field, ret: dict[str, Any], **_: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    """An apispec attribute function (`self` is its converter); it runs after the built-in ones."""
    meta = field.metadata
    if "_spec" in meta:
        out: dict[str, Any] = dict(meta["_spec"])
    elif "_ref" in meta:
        name = meta["_ref"]
        if name not in self.spec.components.schemas:  # shared blocks appear once they are used
            if isinstance(field, OneOf):
                self.spec.components.schema(name, union_component(field, self.resolve_nested_schema))
            else:
                self.spec.components.schema(name, COMPONENTS[name])
        out = {"$ref": REF + meta["_ref"]}
        if field.allow_none:
            out = {"anyOf": [out, {"type": "null"}]}
    else:
        return {}
    if "description" in meta:
        out["description"] = meta["description"]
    ret.clear()  # replace what the built-in functions wrote, not merge with it
    return out


def _default_in_words(self: Any, field: fields.Field, ret: dict[str, Any], **_: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    """A field a request may leave out says its default in its description, not as `default`.

    openapi-typescript (by default, `--default-non-nullable`) makes a component's property with a
    `default` required, since an answer always carries it; but the fields with a default are the
    ones a request may leave out (a rule option, a bot's level), and the answers that echo a
    request carry them only as sent. So the value is written in words, which no generator reads."""
    if "default" not in ret or field.required:
        return {}
    value = json.dumps(ret.pop("default"), ensure_ascii=False)
    said = ret.get("description", "").rstrip()
    if said and not said.endswith("."):
        said += "."
    return {"description": f"{said} Default: `{value}`.".lstrip()}


def install(spec: Any, converter: Any) -> None:
    """Teach the converter the special fields (the shared components register on first use)."""
    converter.add_attribute_function(_special)
    converter.add_attribute_function(_default_in_words)


def document_union(spec: Any, converter: Any, schema: Schema, variants: tuple[Schema, ...]) -> None:
    """Document `schema` (a request body checked as a whole at run time) as `oneOf` its variants."""
    name = converter.schema_name_resolver(schema)
    refs = [converter.resolve_nested_schema(v) for v in variants]
    spec.components.schema(name, {"oneOf": refs, "description": (type(schema).__doc__ or "").strip()})
    converter.refs[make_schema_key(schema)] = name
