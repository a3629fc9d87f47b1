//! A compact rendering of decoded schemas for snapshots: one line per
//! attribute or nested block type, nested ones indented under it. Types are
//! written as type constraints (`list(string)`, `optional(…)` shown).
//!
//! Each test crate that includes it uses a part.
#![allow(dead_code)]

use std::fmt::Write;

use tofu_provider_schema::{
    Attribute, AttributeType, Block, FunctionSignature, NestedBlock, Parameter, ProviderSchema,
    SchemaKind,
};

/// Every attribute and nested block type of `block`, descriptions left out.
pub fn block(block: &Block) -> String {
    let mut out = String::new();
    if block.deprecated {
        writeln!(out, "(deprecated{})", message(&block.deprecation_message)).unwrap();
    }
    write_block(block, 0, true, &mut out);
    out
}

/// Only the nested block types of `block`, at every depth.
pub fn block_types(block: &Block) -> String {
    let mut out = String::new();
    write_block(block, 0, false, &mut out);
    out
}

/// Each kind's type names, and the function names.
pub fn type_names(provider: &ProviderSchema) -> String {
    let mut out = format!("{}\n", provider.address());
    for kind in SchemaKind::ALL {
        writeln!(
            out,
            "  {}: {}",
            kind.json_key(),
            names(provider.type_names(kind))
        )
        .unwrap();
    }
    writeln!(out, "  functions: {}", names(provider.function_names())).unwrap();
    out
}

fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        "(none)".to_owned()
    } else {
        names.join(" ")
    }
}

pub fn function(name: &str, function: &FunctionSignature) -> String {
    let mut out = String::new();
    let mut parameters: Vec<String> = function.parameters.iter().map(parameter).collect();
    if let Some(variadic) = &function.variadic_parameter {
        parameters.push(format!("{}...", parameter(variadic)));
    }
    writeln!(
        out,
        "{name}({}) {:#}",
        parameters.join(", "),
        function.return_type
    )
    .unwrap();
    let descriptions = [
        ("summary", &function.summary),
        ("description", &function.description),
    ]
    .into_iter()
    .chain(
        function
            .parameters
            .iter()
            .chain(&function.variadic_parameter)
            .map(|parameter| (parameter.name.as_str(), &parameter.description)),
    );
    for (name, text) in descriptions {
        if !text.is_empty() {
            writeln!(out, "  {name}: {text}").unwrap();
        }
    }
    out
}

fn parameter(parameter: &Parameter) -> String {
    let nullable = if parameter.is_nullable {
        " (nullable)"
    } else {
        ""
    };
    format!("{} {:#}{nullable}", parameter.name, parameter.ty)
}

fn write_block(block: &Block, depth: usize, attributes: bool, out: &mut String) {
    let indent = "  ".repeat(depth);
    if attributes {
        for (name, attribute) in &block.attributes {
            write_attribute(name, attribute, depth, out);
        }
    }
    for (name, nested) in &block.block_types {
        let deprecated = if nested.block.deprecated {
            format!(", deprecated{}", message(&nested.block.deprecation_message))
        } else {
            String::new()
        };
        writeln!(out, "{indent}block {name}: {}{deprecated}", nesting(nested)).unwrap();
        write_block(&nested.block, depth + 1, attributes, out);
    }
}

fn write_attribute(name: &str, attribute: &Attribute, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    let ty = match &attribute.ty {
        AttributeType::Type(ty) => format!("{ty:#}"),
        AttributeType::Nested(nested) => format!(
            "nested {}{}",
            nested.nesting.as_str(),
            bounds(nested.min_items, nested.max_items)
        ),
    };
    let flags = [
        (attribute.required, "required".to_owned()),
        (attribute.optional, "optional".to_owned()),
        (attribute.computed, "computed".to_owned()),
        (attribute.sensitive, "sensitive".to_owned()),
        (attribute.write_only, "write-only".to_owned()),
        (
            attribute.deprecated,
            format!("deprecated{}", message(&attribute.deprecation_message)),
        ),
    ];
    let flags: String = flags
        .into_iter()
        .filter(|(set, _)| *set)
        .map(|(_, flag)| format!(", {flag}"))
        .collect();
    writeln!(out, "{indent}{name}: {ty}{flags}").unwrap();
    if let AttributeType::Nested(nested) = &attribute.ty {
        for (name, attribute) in &nested.attributes {
            write_attribute(name, attribute, depth + 1, out);
        }
    }
}

fn nesting(nested: &NestedBlock) -> String {
    format!(
        "{}{}",
        nested.nesting.as_str(),
        bounds(nested.min_items, nested.max_items)
    )
}

fn bounds(min: u64, max: u64) -> String {
    match (min, max) {
        (0, 0) => String::new(),
        (min, 0) => format!(" (min {min})"),
        (0, max) => format!(" (max {max})"),
        (min, max) => format!(" (min {min}, max {max})"),
    }
}

fn message(message: &str) -> String {
    if message.is_empty() {
        String::new()
    } else {
        format!(": {message}")
    }
}
