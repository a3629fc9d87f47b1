//! JSON bodies, read as HCL's `json` package reads them.
//!
//! A body is an object, or an array of objects whose properties count as
//! one object's. A block is a property named after its type; each label is
//! a level of nested objects named after the label values, and the
//! innermost value is the body: an object, an array of bodies (one block
//! each) or `null` (no block).

use std::collections::HashMap;

use rowan::TextRange;

use tofu_diagnostics::Code;

use super::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, BodyContent, BodySchema, Hidden, SourceText,
    is_trivia, missing_argument, trimmed_range,
};
use crate::SyntaxError;
use crate::json::{JsonMember, JsonValue, is_comment_key};
use crate::quote::go_quote;
use crate::suggest::name_suggestion;

/// An object property read as an attribute, a block or a block label.
struct Property {
    name: String,
    name_range: TextRange,
    /// Absent where a syntax error left no value.
    value: Option<JsonValue>,
    member: JsonMember,
}

impl Property {
    fn of(member: JsonMember) -> Option<Property> {
        let name = member.name()?.into_owned();
        Some(Property {
            name,
            name_range: member.name_token().text_range(),
            value: member.value(),
            member,
        })
    }

    /// From the name to the end of the value; where the value is missing,
    /// HCL's placeholder for it is the token it would have started at.
    fn range(&self) -> TextRange {
        let value_range = match &self.value {
            Some(value) => Some(trimmed_range(value.syntax())),
            None => self
                .member
                .syntax()
                .descendants_with_tokens()
                .filter_map(|it| it.into_token())
                .skip_while(|t| t.kind() != crate::SyntaxKind::JSON_COLON)
                .skip(1)
                .find(|t| !is_trivia(t.kind()))
                .map(|t| t.text_range()),
        };
        value_range.map_or(self.name_range, |range| self.name_range.cover(range))
    }

    fn attribute(&self) -> AnyAttribute {
        AnyAttribute {
            name: self.name.clone(),
            name_range: self.name_range,
            range: self.range(),
            expr: self.value.clone().map(AnyExpr::Json),
        }
    }
}

/// The properties of an object, or of each object of an array, in order,
/// for a body (`label` is `None`) or a level of block labels.
fn properties(
    value: &JsonValue,
    label: Option<&str>,
    errors: &mut Vec<SyntaxError>,
) -> Vec<Property> {
    let mistyped = |detail: String, value: &JsonValue| {
        SyntaxError::error_at(Code::IncorrectJsonValueType, detail, value.start_range())
    };
    match value {
        JsonValue::Object(object) => object.members().filter_map(Property::of).collect(),
        JsonValue::Array(array) => {
            let mut properties = Vec::new();
            for element in array.elements() {
                match &element {
                    JsonValue::Object(object) => {
                        properties.extend(object.members().filter_map(Property::of));
                    }
                    _ => {
                        let detail = match label {
                            Some(label) => format!(
                                "A JSON object is required here, to specify {label} labels for this block."
                            ),
                            None => "A JSON object is required here, to define arguments and child blocks."
                                .to_string(),
                        };
                        errors.push(mistyped(detail, &element));
                    }
                }
            }
            properties
        }
        JsonValue::Scalar(scalar) if scalar.is_null() => Vec::new(),
        JsonValue::Scalar(_) => {
            let detail = match label {
                Some(label) => format!(
                    "Either a JSON object or JSON array of objects is required here, to specify {label} labels for this block."
                ),
                None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks."
                    .to_string(),
            };
            errors.push(mistyped(detail, value));
            Vec::new()
        }
    }
}

pub(super) fn missing_item_range(value: &JsonValue) -> TextRange {
    match value {
        JsonValue::Object(object) => object.r_brace_token().map_or_else(
            || TextRange::empty(trimmed_range(object.syntax()).end()),
            |brace| brace.text_range(),
        ),
        _ => value.start_range(),
    }
}

/// HCL reads the properties anew after its partial reading, so problems
/// with the shape of the body are reported twice.
pub(super) fn content(
    value: &JsonValue,
    schema: &BodySchema<'_>,
    hidden: &Hidden,
    source: &SourceText<'_>,
) -> (BodyContent, Vec<SyntaxError>) {
    let (content, remain, mut errors) = partial_content(value, schema, hidden, source);

    // Attributes can be suggested until used, block types always, since
    // blocks can repeat.
    let unused = schema
        .attributes
        .iter()
        .map(|it| it.name)
        .filter(|name| !remain.attributes.contains(*name));
    let candidates: Vec<&str> = unused
        .chain(schema.blocks.iter().map(|it| it.type_name))
        .collect();

    for property in properties(value, None, &mut errors) {
        let name = property.name.as_str();
        if is_comment_key(name) || remain.attributes.contains(name) {
            continue;
        }
        let suggestion = name_suggestion(name, candidates.iter().copied())
            .map(|suggestion| format!(" Did you mean {}?", go_quote(suggestion)))
            .unwrap_or_default();
        errors.push(SyntaxError::error_at(
            Code::ExtraneousJsonObjectProperty,
            format!(
                "No argument or block type is named {}.{suggestion}",
                go_quote(name)
            ),
            property.name_range,
        ));
    }

    (content, errors)
}

pub(super) fn partial_content(
    value: &JsonValue,
    schema: &BodySchema<'_>,
    hidden: &Hidden,
    source: &SourceText<'_>,
) -> (BodyContent, Hidden, Vec<SyntaxError>) {
    let mut errors = Vec::new();
    let mut used = hidden.clone();
    let mut attributes: Vec<AnyAttribute> = Vec::new();
    let mut blocks = Vec::new();

    for property in properties(value, None, &mut errors) {
        let name = property.name.as_str();
        if hidden.attributes.contains(name) {
            continue;
        }
        if schema.attribute(name).is_some() {
            if let Some(existing) = attributes.iter().find(|it| it.name == name) {
                errors.push(SyntaxError::error_at(
                    Code::DuplicateArgument,
                    format!(
                        "The argument {} was already set at {}.",
                        go_quote(name),
                        source.range_string(existing.range)
                    ),
                    property.name_range,
                ));
                continue;
            }
            attributes.push(property.attribute());
        } else if let Some(block) = schema.block(name) {
            let header = Header {
                type_name: block.type_name,
                type_range: property.name_range,
            };
            let mut labels = Vec::new();
            header.unpack(
                property.value.as_ref(),
                block.labels,
                &mut labels,
                &mut blocks,
                &mut errors,
            );
        } else {
            // Left for a later reading, or for `content` to report.
            continue;
        }
        used.attributes.insert(property.name);
    }

    let missing_item_range = missing_item_range(value);
    for attr in schema.attributes {
        if attr.required && !attributes.iter().any(|it| it.name == attr.name) {
            errors.push(missing_argument(attr.name, missing_item_range));
        }
    }

    (
        BodyContent {
            attributes,
            blocks,
            missing_item_range,
        },
        used,
        errors,
    )
}

/// The type of the blocks being unpacked from one property.
struct Header<'a> {
    type_name: &'a str,
    type_range: TextRange,
}

impl Header<'_> {
    /// Peels one level of nested objects off `value` per label still
    /// wanted, then turns what is inside into blocks.
    fn unpack(
        &self,
        value: Option<&JsonValue>,
        labels_left: &[&str],
        labels: &mut Vec<(String, TextRange)>,
        blocks: &mut Vec<AnyBlock>,
        errors: &mut Vec<SyntaxError>,
    ) {
        // A value lost to a syntax error has been reported already.
        let Some(value) = value else { return };
        if let Some((&label, labels_left)) = labels_left.split_first() {
            let properties = properties(value, Some(label), errors);
            if properties.is_empty() {
                errors.push(SyntaxError::error_at(
                    Code::MissingBlockLabel,
                    format!(
                        "At least one object property is required, whose name represents the {} block's {label}.",
                        self.type_name
                    ),
                    value.start_range(),
                ));
                return;
            }
            for property in properties {
                labels.push((property.name, property.name_range));
                self.unpack(property.value.as_ref(), labels_left, labels, blocks, errors);
                labels.pop();
            }
            return;
        }

        let def_range = value.start_range();
        let block = |body: JsonValue| AnyBlock {
            type_name: self.type_name.to_string(),
            type_range: self.type_range,
            labels: labels.iter().map(|(label, _)| label.clone()).collect(),
            label_ranges: labels.iter().map(|&(_, range)| range).collect(),
            def_range,
            body: AnyBody::json(body),
        };
        match value {
            JsonValue::Object(_) => blocks.push(block(value.clone())),
            // Elements that are not objects are reported when read.
            JsonValue::Array(array) => blocks.extend(array.elements().map(block)),
            JsonValue::Scalar(scalar) if scalar.is_null() => {}
            JsonValue::Scalar(_) => errors.push(SyntaxError::error_at(
                Code::IncorrectJsonValueType,
                format!(
                    "Either a JSON object or a JSON array is required, representing the contents of one or more {} blocks.",
                    go_quote(self.type_name)
                ),
                value.start_range(),
            )),
        }
    }
}

pub(super) fn just_attributes(
    value: &JsonValue,
    hidden: &Hidden,
    source: &SourceText<'_>,
) -> (Vec<AnyAttribute>, Vec<SyntaxError>) {
    let mut errors = Vec::new();
    let Some(object) = value.as_object() else {
        errors.push(SyntaxError::error_at(
            Code::IncorrectJsonValueType,
            "A JSON object is required here, setting the arguments for this block.",
            value.start_range(),
        ));
        return (Vec::new(), errors);
    };

    let mut attributes = Vec::new();
    let mut defined: HashMap<String, TextRange> = HashMap::new();
    for property in object.members().filter_map(Property::of) {
        let name = property.name.as_str();
        if is_comment_key(name) || hidden.attributes.contains(name) {
            continue;
        }
        if let Some(&existing) = defined.get(name) {
            errors.push(SyntaxError::error_at(
                Code::DuplicateAttributeDefinition,
                format!(
                    "The argument {} was already set at {}.",
                    go_quote(name),
                    source.range_string(existing)
                ),
                property.name_range,
            ));
            continue;
        }
        let attribute = property.attribute();
        defined.insert(attribute.name.clone(), attribute.range);
        attributes.push(attribute);
    }
    (attributes, errors)
}
