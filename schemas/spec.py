"""How the schemas become the contract: shared components, references and unions.

apispec writes a field inline wherever it appears. Three kinds of field are written otherwise:
fields with `_ref` metadata become a reference to one shared component (a card, a seat, a strain:
one type in a generated client, not one per place); fields with `_spec` metadata are written as that
JSON Schema; `OneOf` fields become a reference to a union component with its `oneOf` and, for
actions, a `type` discriminator.
"""

from __future__ import annotations

from typing import Any

from apispec.ext.marshmallow.common import make_schema_key
from marshmallow import Schema, fields

from .common import COMPONENTS, OneOf, union_component

REF = "#/components/schemas/"


def _special(self: Any, field: fields.Field, ret: dict[str, Any], **_: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    """An apispec attribute function (`self` is its converter); it runs after the built-in ones."""
    meta = field.metadata
    if "_spec" in meta:
        out: dict[str, Any] = dict(meta["_spec"])
    elif "_ref" in meta:
        if isinstance(field, OneOf) and field.union not in self.spec.components.schemas:
            self.spec.components.schema(field.union, union_component(field, self.resolve_nested_schema))
        out = {"$ref": REF + meta["_ref"]}
        if field.allow_none:
            out = {"anyOf": [out, {"type": "null"}]}
    else:
        return {}
    if "description" in meta:
        out["description"] = meta["description"]
    ret.clear()  # replace what the built-in functions wrote, not merge with it
    return out


def install(spec: Any, converter: Any) -> None:
    """Register the shared components and teach the converter the special fields."""
    for name, component in COMPONENTS.items():
        spec.components.schema(name, component)
    converter.add_attribute_function(_special)


def document_union(spec: Any, converter: Any, schema: Schema, variants: tuple[Schema, ...]) -> None:
    """Document `schema` (a request body checked as a whole at run time) as `oneOf` its variants."""
    name = converter.schema_name_resolver(schema)
    refs = [converter.resolve_nested_schema(v) for v in variants]
    spec.components.schema(name, {"oneOf": refs, "description": (type(schema).__doc__ or "").strip()})
    converter.refs[make_schema_key(schema)] = name
