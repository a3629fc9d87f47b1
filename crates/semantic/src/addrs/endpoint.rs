//! The addresses of `moved`, `import` and `removed` blocks: OpenTofu's
//! `addrs.ParseMoveEndpoint`, `ParseRemoveEndpoint` and
//! `ParseAbsResourceInstance` (`move_endpoint.go`, `remove_endpoint.go`,
//! `parse_target.go`, `module_instance.go`), over the traversal of the
//! block's argument (`hcl.AbsTraversalForExpr`, or for `import`'s `to`,
//! `absTraversalForImportToExpr`).
//!
//! Each step's range runs from the end of the step before it (`.name`
//! with its dot, `[key]` with its brackets), and errors are reported
//! there.

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr, ExpressionFile};
use tofu_syntax::body::AnyExpr;
use tofu_syntax::json::JsonValue;
use tofu_syntax::{TextRange, TextSize, trimmed_range};

use super::reference::ResourceMode;
use super::traversal::{Key, Step, Traversal, legacy_key, literal_key};

// ---------------------------------------------------------------------------
// Traversals

/// The traversal of an endpoint expression; a JSON string is read as a
/// native expression first (`hcl2shim.ConvertJSONExpressionToHCL`).
///
/// With `dynamic_keys`, an index whose key is not constant is skipped
/// (`absTraversalForImportToExpr`); otherwise it ends the traversal.
/// Errors with the range of the first part that is not a traversal (the
/// whole expression for JSON that is not a string holding one).
pub(crate) fn endpoint_traversal(
    expr: &AnyExpr,
    dynamic_keys: bool,
) -> Result<Traversal, TextRange> {
    let (native, offset) = match expr {
        AnyExpr::Native(e) => (e.clone(), TextSize::from(0)),
        AnyExpr::Json(v) => json_as_native(v).ok_or_else(|| expr.range())?,
    };
    let mut steps = Vec::new();
    native_steps(&native, offset, dynamic_keys, &mut steps)?;
    Ok(Traversal { steps })
}

/// A JSON string read as a native expression (`hcl2shim`'s conversion),
/// with the offset of its text in the file.
fn json_as_native(value: &JsonValue) -> Option<(Expr, TextSize)> {
    let text = value.as_scalar()?.as_str()?.into_owned();
    let parse = tofu_syntax::parse_expression(&text, "");
    if !parse.errors().is_empty() {
        return None;
    }
    let expr = ExpressionFile::cast(parse.syntax())?.expr()?;
    Some((expr, value.text_range().start() + TextSize::from(1)))
}

fn native_steps(
    expr: &Expr,
    offset: TextSize,
    dynamic_keys: bool,
    out: &mut Vec<(Step, TextRange)>,
) -> Result<(), TextRange> {
    let node_range = trimmed_range(expr.syntax()) + offset;
    let after = |receiver: &Expr| {
        TextRange::new(
            (trimmed_range(receiver.syntax()) + offset).end(),
            node_range.end(),
        )
    };
    match expr {
        Expr::Variable(v) => {
            let name = v.name().map(|n| n.text().to_owned()).unwrap_or_default();
            out.push((Step::Root(name), node_range));
            Ok(())
        }
        Expr::Attr(a) => {
            let receiver = a.receiver().ok_or(node_range)?;
            native_steps(&receiver, offset, dynamic_keys, out)?;
            let name = a.name().map(|n| n.text().to_owned()).unwrap_or_default();
            out.push((Step::Attr(name), after(&receiver)));
            Ok(())
        }
        Expr::LegacyIndex(i) => {
            let receiver = i.receiver().ok_or(node_range)?;
            native_steps(&receiver, offset, dynamic_keys, out)?;
            out.push((Step::Index(legacy_key(i)), after(&receiver)));
            Ok(())
        }
        Expr::Index(i) => {
            let receiver = i.receiver().ok_or(node_range)?;
            match literal_key(i.index()) {
                Some(key) => {
                    native_steps(&receiver, offset, dynamic_keys, out)?;
                    out.push((Step::Index(key), after(&receiver)));
                    Ok(())
                }
                None if dynamic_keys => native_steps(&receiver, offset, dynamic_keys, out),
                None => Err(node_range),
            }
        }
        _ => Err(node_range),
    }
}

// ---------------------------------------------------------------------------
// Addresses

/// What an endpoint names, as far as the blocks need to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Endpoint {
    /// A module (instance) path: its length.
    Module(usize),
    /// A resource (instance) under a module path of the given length.
    Resource { module: usize, mode: ResourceMode },
}

/// An endpoint that does not parse: the diagnostic's summary, detail and
/// range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EndpointError {
    pub code: Code,
    pub detail: String,
    pub range: TextRange,
}

type Steps = [(Step, TextRange)];

fn error(code: Code, detail: impl Into<String>, range: TextRange) -> EndpointError {
    EndpointError {
        code,
        detail: detail.into(),
        range,
    }
}

fn span(steps: &Steps) -> Option<TextRange> {
    Some(steps.first()?.1.cover(steps.last()?.1))
}

/// Go's conversion of a number to `int` (`gocty.FromCtyValue`), with its
/// error's text.
fn int_key(text: &str) -> Result<i64, String> {
    tofu_types::Number::parse(text)
        .and_then(|n| n.to_i64())
        .map_err(|err| err.to_string())
}

/// `getModuleName`: true for `module.NAME`, false for anything else.
fn module_name(remain: &Steps) -> Result<bool, EndpointError> {
    let Some((first, first_range)) = remain.first() else {
        return Ok(false);
    };
    let Some(name) = first.name() else {
        return Err(error(
            Code::InvalidAddressOperator,
            "Module address prefix must be followed by dot and then a name.",
            *first_range,
        ));
    };
    if name != "module" {
        return Ok(false);
    }
    let must = "Prefix \"module.\" must be followed by a module name.";
    match remain.get(1) {
        None => Err(error(Code::InvalidAddressOperator, must, *first_range)),
        Some((Step::Attr(_), _)) => Ok(true),
        Some((_, range)) => Err(error(Code::InvalidAddressOperator, must, *range)),
    }
}

/// `parseModuleInstancePrefix` (`instances`) or `parseModulePrefix`:
/// the number of module steps and the remaining steps.
fn module_prefix(steps: &Steps, instances: bool) -> Result<(usize, &Steps), EndpointError> {
    let mut remain = steps;
    let mut depth = 0;
    while !remain.is_empty() {
        if !module_name(remain)? {
            break;
        }
        remain = &remain[2..];
        if let Some((Step::Index(key), range)) = remain.first() {
            if !instances {
                return Err(error(
                    Code::ModuleInstanceAddressNotAllowed,
                    "Module address cannot be a module instance (e.g. \"module.a[0]\"), it must be a module instead (e.g. \"module.a\").",
                    *range,
                ));
            }
            match key {
                Key::Str(_) => {}
                Key::Num(n) => {
                    if let Err(err) = int_key(n) {
                        return Err(error(
                            Code::InvalidAddressOperator,
                            format!("Invalid module index: {err}."),
                            *range,
                        ));
                    }
                }
                Key::Other => {
                    return Err(error(
                        Code::InvalidAddressOperator,
                        "Invalid module key: must be either a string or an integer.",
                        *range,
                    ));
                }
            }
            remain = &remain[1..];
        }
        depth += 1;
    }
    Ok((depth, remain))
}

/// `parseResourceInstanceUnderModule` (`instances`) or
/// `parseResourceUnderModule`.
fn resource_under_module(
    all: &Steps,
    remain: &Steps,
    instances: bool,
) -> Result<ResourceMode, EndpointError> {
    let (mode, remain) = match remain.first().and_then(|(step, _)| step.name()) {
        Some("data") => (ResourceMode::Data, &remain[1..]),
        Some("ephemeral") => (ResourceMode::Ephemeral, &remain[1..]),
        _ => (ResourceMode::Managed, remain),
    };
    if remain.len() < 2 {
        let range = span(remain).or(span(all)).unwrap_or_default();
        return Err(error(
            Code::InvalidAddress,
            "Resource specification must include a resource type and name.",
            range,
        ));
    }
    if remain[0].0.name().is_none() {
        let detail = match mode {
            ResourceMode::Managed => "A resource type name is required.",
            ResourceMode::Data => "A data source name is required.",
            ResourceMode::Ephemeral => "An ephemeral resource name is required.",
        };
        return Err(error(Code::InvalidAddress, detail, remain[0].1));
    }
    if !matches!(remain[1].0, Step::Attr(_)) {
        return Err(error(
            Code::InvalidAddress,
            "A resource name is required.",
            remain[1].1,
        ));
    }
    let remain = &remain[2..];
    match remain {
        [] => Ok(mode),
        [(_, range)] if !instances => Err(error(
            Code::ResourceInstanceAddressNotAllowed,
            "Resource address cannot be a resource instance (e.g. \"null_resource.a[0]\"), it must be a resource instead (e.g. \"null_resource.a\").",
            *range,
        )),
        [(Step::Index(key), range)] => {
            let err = match key {
                Key::Str(_) => None,
                Key::Num(n) => int_key(n).err(),
                Key::Other => Some("either a string or an integer is required".to_owned()),
            };
            match err {
                Some(err) => Err(error(
                    Code::InvalidAddress,
                    format!("Invalid resource instance key: {err}."),
                    *range,
                )),
                None => Ok(mode),
            }
        }
        [(_, range)] => Err(error(
            Code::InvalidAddress,
            "Resource instance key must be given in square brackets.",
            *range,
        )),
        [_, (_, second), ..] => Err(error(
            Code::InvalidAddress,
            "Unexpected extra operators after address.",
            *second,
        )),
    }
}

/// `addrs.ParseMoveEndpoint`.
pub(crate) fn parse_move_endpoint(traversal: &Traversal) -> Result<Endpoint, EndpointError> {
    let steps = traversal.steps.as_slice();
    let (module, remain) = module_prefix(steps, true)?;
    if remain.is_empty() {
        return Ok(Endpoint::Module(module));
    }
    let mode = resource_under_module(steps, remain, true)?;
    Ok(Endpoint::Resource { module, mode })
}

/// `addrs.ParseRemoveEndpoint`.
pub(crate) fn parse_remove_endpoint(traversal: &Traversal) -> Result<Endpoint, EndpointError> {
    let steps = traversal.steps.as_slice();
    let (module, remain) = module_prefix(steps, false)?;
    if remain.is_empty() {
        return Ok(Endpoint::Module(module));
    }
    let mode = resource_under_module(steps, remain, false)?;
    let range = span(steps).unwrap_or_default();
    match mode {
        ResourceMode::Data => Err(error(
            Code::DataSourceAddressNotAllowed,
            "Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration.",
            range,
        )),
        ResourceMode::Ephemeral => Err(error(
            Code::EphemeralResourceAddressNotAllowed,
            "Ephemeral resources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove ephemeral resources from the state, you should remove the ephemeral resource block from the configuration.",
            range,
        )),
        ResourceMode::Managed => Ok(Endpoint::Resource { module, mode }),
    }
}

/// `addrs.ParseModule`: a module path without instance keys (its depth),
/// and nothing after it.
pub(crate) fn parse_module(traversal: &Traversal) -> Result<usize, EndpointError> {
    let (module, remain) = module_prefix(&traversal.steps, false)?;
    match remain.first() {
        Some((_, range)) => Err(error(
            Code::ModuleAddressExpected,
            "It's not allowed to reference anything other than module here.",
            *range,
        )),
        None => Ok(module),
    }
}

/// `addrs.ParseAbsResourceInstance`.
pub(crate) fn parse_abs_resource_instance(
    traversal: &Traversal,
) -> Result<Endpoint, EndpointError> {
    let steps = traversal.steps.as_slice();
    let (module, remain) = module_prefix(steps, true)?;
    if remain.is_empty() {
        return Err(error(
            Code::InvalidAddress,
            "A resource instance address is required here. The module path must be followed by a resource instance specification.",
            span(steps).unwrap_or_default(),
        ));
    }
    let mode = resource_under_module(steps, remain, true)?;
    Ok(Endpoint::Resource { module, mode })
}

#[cfg(test)]
mod tests {
    use tofu_syntax::ast::{AstNode, ExpressionFile};
    use tofu_syntax::body::AnyExpr;
    use tofu_syntax::json::JsonFile;

    use super::*;

    fn native(text: &str) -> AnyExpr {
        let parse = tofu_syntax::parse_expression(text, "");
        let expr = ExpressionFile::cast(parse.syntax()).and_then(|f| f.expr());
        AnyExpr::Native(expr.expect(text))
    }

    fn json(text: &str) -> AnyExpr {
        let parse = tofu_syntax::json::parse(text);
        let value = JsonFile::cast(parse.syntax()).and_then(|f| f.value());
        AnyExpr::Json(value.expect(text))
    }

    /// An endpoint read by `parse` (`dynamic_keys` as for `import`), as
    /// `module DEPTH`, `MODE under DEPTH` or `SUMMARY: DETAIL @ TEXT` with
    /// the text the error's range covers.
    fn read(
        expr: &AnyExpr,
        text: &str,
        dynamic_keys: bool,
        parse: fn(&Traversal) -> Result<Endpoint, EndpointError>,
    ) -> String {
        let traversal = match endpoint_traversal(expr, dynamic_keys) {
            Ok(traversal) => traversal,
            Err(range) => return format!("not a traversal @ {}", &text[range]),
        };
        match parse(&traversal) {
            Ok(Endpoint::Module(depth)) => format!("module {depth}"),
            Ok(Endpoint::Resource { module, mode }) => format!("{mode:?} under {module}"),
            Err(EndpointError {
                code,
                detail,
                range,
            }) => format!("{}: {detail} @ {}", code.summary(), &text[range]),
        }
    }

    /// `addrs.ParseMoveEndpoint`.
    const MOVE: &[(&str, &str)] = &[
        ("a.b", "Managed under 0"),
        ("a.b[\"x\"]", "Managed under 0"),
        ("a.b[0]", "Managed under 0"),
        ("a.b.0", "Managed under 0"),
        ("data.x.y", "Data under 0"),
        ("ephemeral.x.y", "Ephemeral under 0"),
        ("module.a", "module 1"),
        ("module.a[0].module.b[\"k\"]", "module 2"),
        ("module.m.data.x.y", "Data under 1"),
        ("module.a[1.0].b.c", "Managed under 1"),
        (
            "module",
            "Invalid address operator: Prefix \"module.\" must be followed by a module name. @ module",
        ),
        (
            "module[0]",
            "Invalid address operator: Prefix \"module.\" must be followed by a module name. @ [0]",
        ),
        (
            "module.a[1.5]",
            "Invalid address operator: Invalid module index: value must be a whole number, between -9223372036854775808 and 9223372036854775807. @ [1.5]",
        ),
        (
            "module.a[true]",
            "Invalid address operator: Invalid module key: must be either a string or an integer. @ [true]",
        ),
        (
            "module.a[0][1]",
            "Invalid address operator: Module address prefix must be followed by dot and then a name. @ [1]",
        ),
        (
            "a",
            "Invalid address: Resource specification must include a resource type and name. @ a",
        ),
        (
            "module.m.data.x",
            "Invalid address: Resource specification must include a resource type and name. @ .x",
        ),
        (
            "data[0].b",
            "Invalid address: A data source name is required. @ [0]",
        ),
        (
            "ephemeral[0].b",
            "Invalid address: An ephemeral resource name is required. @ [0]",
        ),
        (
            "a[\"x\"].b",
            "Invalid address: A resource name is required. @ [\"x\"]",
        ),
        (
            "a.b.c",
            "Invalid address: Resource instance key must be given in square brackets. @ .c",
        ),
        (
            "a.b[true]",
            "Invalid address: Invalid resource instance key: either a string or an integer is required. @ [true]",
        ),
        (
            "a.b[1e30]",
            "Invalid address: Invalid resource instance key: value must be a whole number, between -9223372036854775808 and 9223372036854775807. @ [1e30]",
        ),
        (
            "a.b.c[0]",
            "Invalid address: Unexpected extra operators after address. @ [0]",
        ),
        ("a.b[var.i]", "not a traversal @ a.b[var.i]"),
        ("foo(a.b)", "not a traversal @ foo(a.b)"),
    ];

    /// `addrs.ParseRemoveEndpoint`.
    const REMOVE: &[(&str, &str)] = &[
        ("a.b", "Managed under 0"),
        ("module.a.module.b", "module 2"),
        ("module.a.b.c", "Managed under 1"),
        (
            "module.a[0]",
            "Module instance address with keys is not allowed: Module address cannot be a module instance (e.g. \"module.a[0]\"), it must be a module instead (e.g. \"module.a\"). @ [0]",
        ),
        (
            "a.b[0]",
            "Resource instance address with keys is not allowed: Resource address cannot be a resource instance (e.g. \"null_resource.a[0]\"), it must be a resource instead (e.g. \"null_resource.a\"). @ [0]",
        ),
        (
            "a.b.c",
            "Resource instance address with keys is not allowed: Resource address cannot be a resource instance (e.g. \"null_resource.a[0]\"), it must be a resource instead (e.g. \"null_resource.a\"). @ .c",
        ),
        (
            "module.m.data.a.b",
            "Data source address is not allowed: Data sources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove data sources from the state, you should remove the data source block from the configuration. @ module.m.data.a.b",
        ),
        (
            "ephemeral.a.b",
            "Ephemeral resource address is not allowed: Ephemeral resources cannot be destroyed, and therefore, 'removed' blocks are not allowed to target them. To remove ephemeral resources from the state, you should remove the ephemeral resource block from the configuration. @ ephemeral.a.b",
        ),
    ];

    /// `addrs.ParseAbsResourceInstance` over `absTraversalForImportToExpr`.
    const IMPORT: &[(&str, &str)] = &[
        ("a.b", "Managed under 0"),
        ("module.m[var.i].a.b[each.key]", "Managed under 1"),
        ("module.m[0].module.n.data.a.b[\"k\"]", "Data under 2"),
        (
            "a.b[var.i].c",
            "Invalid address: Resource instance key must be given in square brackets. @ .c",
        ),
        (
            "module.m",
            "Invalid address: A resource instance address is required here. The module path must be followed by a resource instance specification. @ module.m",
        ),
        ("\"a.b\"", "not a traversal @ \"a.b\""),
        (
            "a.b[0].c",
            "Invalid address: Unexpected extra operators after address. @ .c",
        ),
        ("a.b + 1", "not a traversal @ a.b + 1"),
        ("module.m[f(x)].a.b", "Managed under 1"),
        ("(a.b)[0]", "not a traversal @ (a.b)"),
    ];

    #[test]
    fn move_endpoints() {
        for &(text, expected) in MOVE {
            assert_eq!(
                read(&native(text), text, false, parse_move_endpoint),
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn remove_endpoints() {
        for &(text, expected) in REMOVE {
            assert_eq!(
                read(&native(text), text, false, parse_remove_endpoint),
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn import_targets() {
        for &(text, expected) in IMPORT {
            assert_eq!(
                read(&native(text), text, true, parse_abs_resource_instance),
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn json_strings() {
        let text = "\"module.a[0].b.c\"";
        assert_eq!(
            read(&json(text), text, false, parse_move_endpoint),
            "Managed under 1"
        );
        let text = "\"a.b.c.d\"";
        assert_eq!(
            read(&json(text), text, false, parse_move_endpoint),
            "Invalid address: Unexpected extra operators after address. @ .d"
        );
        for text in ["1", "\"a.\"", "[\"a.b\"]"] {
            let expected = format!("not a traversal @ {text}");
            assert_eq!(
                read(&json(text), text, true, parse_abs_resource_instance),
                expected
            );
        }
    }

    #[test]
    fn step_ranges() {
        let text = "module.a [0] .b.c";
        let traversal = endpoint_traversal(&native(text), false).unwrap();
        let steps: Vec<_> = traversal
            .steps
            .iter()
            .map(|(step, range)| (step.clone(), &text[*range]))
            .collect();
        assert_eq!(
            steps,
            [
                (Step::Root("module".into()), "module"),
                (Step::Attr("a".into()), ".a"),
                (Step::Index(Key::Num("0".into())), " [0]"),
                (Step::Attr("b".into()), " .b"),
                (Step::Attr("c".into()), ".c"),
            ]
        );
    }
}
