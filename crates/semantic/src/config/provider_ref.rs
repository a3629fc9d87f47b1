//! Provider local names (`checkProviderNameNormalized`, over
//! [`crate::addrs::provider`]'s `ParseProviderPart`), shared by `provider`,
//! `terraform`/`required_providers`, resource, `import` and `module`
//! blocks, and provider configuration references
//! (`decodeProviderConfigRef`).

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::body::AnyExpr;
use tofu_syntax::json::JsonValue;
use tofu_syntax::{TextRange, TextSize};

use super::Decoder;
use crate::addrs::provider::{parse_provider_part, parse_reference_name_part};
use crate::addrs::traversal::{Step, Traversal, literal_key, traversal_of};

/// A provider configuration reference: local name and alias.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProviderRef {
    pub name: String,
    pub alias: Option<String>,
    /// The range of the local name.
    pub name_range: TextRange,
    /// The range of the instance key, when one is given.
    pub key_range: Option<TextRange>,
}

impl std::fmt::Display for ProviderRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.alias {
            Some(alias) => write!(f, "{}.{alias}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// `checkProviderNameNormalized`, for the names of `provider` blocks and
/// `required_providers` entries: true when the name is a normalized
/// provider name.
pub(crate) fn check_provider_name_normalized(
    d: &mut Decoder<'_>,
    name: &str,
    range: TextRange,
) -> bool {
    check_normalized(d, name, range, parse_provider_part(name))
}

/// `checkProviderNameNormalized`, for the local name at the start of a
/// provider configuration reference (`provider = aws.x`, a module's
/// `providers` map, an `import` block's `provider`). These are read with
/// [`parse_reference_name_part`], which does not accept underscores.
pub(crate) fn check_reference_name_normalized(
    d: &mut Decoder<'_>,
    name: &str,
    range: TextRange,
) -> bool {
    let parsed = parse_reference_name_part(name).map_err(str::to_owned);
    check_normalized(d, name, range, parsed)
}

fn check_normalized(
    d: &mut Decoder<'_>,
    name: &str,
    range: TextRange,
    parsed: Result<String, String>,
) -> bool {
    match parsed {
        Err(err) => {
            d.error(
                Code::InvalidProviderLocalName,
                format!("{name} is an invalid provider local name: {err}"),
                range,
            );
            false
        }
        Ok(normalized) if normalized != name => {
            let quote = tofu_syntax::quote::go_quote;
            d.error(
                Code::InvalidProviderLocalName,
                format!(
                    "Provider names must be normalized. Replace {} with {} to fix this error.",
                    quote(name),
                    quote(&normalized)
                ),
                range,
            );
            false
        }
        Ok(_) => true,
    }
}

const INVALID: Code = Code::InvalidProviderConfigurationReference;
const ALIAS_DETAIL: &str = "Provider name must either stand alone or be followed by a period and then a configuration alias.";

/// A native expression, possibly parsed from a JSON string, with the
/// offset of its text in the file.
pub(crate) struct Native {
    pub expr: Expr,
    pub by: TextSize,
}

/// `hcl2shim.ConvertJSONExpressionToHCL`: a JSON string's text parsed as
/// a native expression, with errors reported.
pub(crate) fn json_to_native(d: &mut Decoder<'_>, value: &JsonValue) -> Option<Native> {
    let range = value.text_range();
    let text = match value {
        JsonValue::Scalar(scalar) if !scalar.is_null() => scalar.as_str(),
        _ => None,
    };
    let Some(text) = text else {
        let ty = match value {
            JsonValue::Object(_) => "object",
            JsonValue::Array(_) => "tuple",
            JsonValue::Scalar(s) if s.is_null() => "dynamic",
            JsonValue::Scalar(s) if s.as_bool().is_some() => "bool",
            JsonValue::Scalar(_) => "number",
        };
        d.error(
            Code::ExpectedStringExpression,
            format!("This value must be a string, but got {ty}."),
            range,
        );
        return None;
    };
    text_to_native(d, &text, range.start())
}

/// A JSON string's text parsed as a native expression, with its syntax
/// errors reported; `by` is where the string's token starts.
fn text_to_native(d: &mut Decoder<'_>, text: &str, by: TextSize) -> Option<Native> {
    let parse = tofu_syntax::parse_expression(text, "");
    if let Some(error) = parse.errors().first() {
        let mut error = error.clone();
        if let Some(location) = &mut error.location {
            location.range += by;
        }
        if let Some(context) = &mut error.context {
            *context += by;
        }
        d.out.push(error.in_file(d.file));
        return None;
    }
    let expr = tofu_syntax::ast::ExpressionFile::cast(parse.syntax())?.expr()?;
    Some(Native { expr, by })
}

/// `decodeProviderConfigRef(expr, "provider")`.
pub(crate) fn decode_provider_config_ref(
    d: &mut Decoder<'_>,
    expr: &AnyExpr,
    arg: &str,
) -> Option<ProviderRef> {
    let native = match expr {
        AnyExpr::Native(expr) => Native {
            expr: expr.clone(),
            by: TextSize::from(0),
        },
        AnyExpr::Json(value) => json_to_native(d, value)?,
    };
    decode_native(d, native, arg)
}

/// A JSON object key (a module's `providers` map) read as a provider
/// configuration reference: its text parsed as a native expression.
pub(crate) fn decode_provider_config_ref_text(
    d: &mut Decoder<'_>,
    text: &str,
    range: TextRange,
    arg: &str,
) -> Option<ProviderRef> {
    let native = text_to_native(d, text, range.start())?;
    decode_native(d, native, arg)
}

fn decode_native(d: &mut Decoder<'_>, native: Native, arg: &str) -> Option<ProviderRef> {
    let mut max_len = 3;
    let mut key_expr = false;
    let mut key_range = None;
    let mut expr = native.expr;
    let by = native.by;
    if let Expr::Index(index) = &expr
        && literal_key(index.index()).is_none()
        && let Some(receiver) = index.receiver()
    {
        max_len = 2;
        key_expr = true;
        key_range = index
            .index()
            .map(|key| tofu_syntax::trimmed_range(key.syntax()) + by);
        expr = receiver;
    }

    let expr_range = tofu_syntax::trimmed_range(expr.syntax()) + by;
    let quoted = match &expr {
        Expr::Template(t) => t.as_string_literal(),
        _ => None,
    };
    let traversal: Option<Traversal> = match quoted {
        Some(text) => {
            d.warning(
                Code::QuotedReferencesAreDeprecated,
                "In this context, references are expected literally rather than in quotes. OpenTofu 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of OpenTofu. Remove the quotes surrounding this reference to silence this warning.",
                expr_range,
            );
            let parse = tofu_syntax::parse_expression(&text, "");
            if parse.errors().is_empty() {
                tofu_syntax::ast::ExpressionFile::cast(parse.syntax())
                    .and_then(|f| f.expr())
                    .and_then(|e| traversal_of(&e, expr_range.start() + TextSize::from(1), true))
            } else {
                None
            }
        }
        None => traversal_of(&expr, by, false),
    };

    let Some(traversal) = traversal.filter(|t| t.len() > 0 && t.len() <= max_len) else {
        d.error(
            INVALID,
            format!(
                "The {arg} argument requires a provider type name, optionally followed by a period and then a configuration alias and optional instance key."
            ),
            expr_range,
        );
        return None;
    };

    let name_range = traversal.steps[0].1;
    if !check_reference_name_normalized(d, traversal.root(), name_range) {
        return None;
    }
    let mut alias = None;
    if let Some((step, range)) = traversal.steps.get(1) {
        let Step::Attr(name) = step else {
            d.error(INVALID, ALIAS_DETAIL, *range);
            return None;
        };
        alias = Some(name.clone());
    }
    if let Some((step, range)) = traversal.steps.get(2) {
        if !matches!(step, Step::Index(_)) {
            d.error(INVALID, ALIAS_DETAIL, *range);
            return None;
        }
        key_expr = true;
        key_range = Some(traversal.range());
    }
    if alias.is_none() && key_expr {
        d.error(
            INVALID,
            "Provider assignment requires an alias when specifying an instance key, in the form of provider.name[instance_key]",
            traversal.range(),
        );
        return None;
    }
    Some(ProviderRef {
        name: traversal.root().to_owned(),
        alias,
        name_range,
        key_range,
    })
}
