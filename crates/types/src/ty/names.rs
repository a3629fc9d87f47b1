//! Ways of writing a type: cty's English names for messages, HCL's type
//! expressions, and the console's `type()` layout.

use std::fmt::{self, Write};

use super::Type;

impl Type {
    /// cty's `FriendlyName`: `string`, `list of number`, `object`, `dynamic`…
    pub fn friendly_name(&self) -> String {
        self.friendly(false)
    }

    /// cty's `FriendlyNameForConstraint`: as [`Type::friendly_name`] but
    /// `any type` for the dynamic pseudo-type and `list of any single type`
    /// for collections of it.
    pub fn friendly_name_for_constraint(&self) -> String {
        self.friendly(true)
    }

    fn friendly(&self, constraint: bool) -> String {
        let collection = |kind: &str, e: &Type| {
            if constraint && e.is_dynamic() {
                format!("{kind} of any single type")
            } else {
                format!("{kind} of {}", e.friendly(constraint))
            }
        };
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::List(e) => collection("list", e),
            Type::Set(e) => collection("set", e),
            Type::Map(e) => collection("map", e),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
            Type::Dynamic if constraint => "any type".into(),
            Type::Dynamic => "dynamic".into(),
            Type::TypeCapsule => "type".into(),
        }
    }

    /// The type as the OpenTofu console's `type()` function prints it:
    /// structural types spread over lines with four-space indents, and
    /// collections of structural types given a line of their own.
    pub fn console_string(&self) -> String {
        let mut out = String::new();
        write_console(self, &mut out, 0);
        out
    }
}

fn indent(out: &mut String, level: usize) {
    out.extend(std::iter::repeat_n("    ", level));
}

fn write_console(ty: &Type, out: &mut String, level: usize) {
    match ty {
        Type::Object(o) if o.attributes().is_empty() => out.push_str("object({})"),
        Type::Object(o) => {
            out.push_str("object({\n");
            for (name, aty) in o.attributes() {
                indent(out, level + 1);
                out.push_str(name);
                out.push_str(": ");
                write_console(aty, out, level + 1);
                out.push_str(",\n");
            }
            indent(out, level);
            out.push_str("})");
        }
        Type::Tuple(e) if e.is_empty() => out.push_str("tuple([])"),
        Type::Tuple(e) => {
            out.push_str("tuple([\n");
            for ety in e.iter() {
                indent(out, level + 1);
                write_console(ety, out, level + 1);
                out.push_str(",\n");
            }
            indent(out, level);
            out.push_str("])");
        }
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            });
            // Structural elements get their own line so the collection
            // around them stays visible.
            if e.is_object() || e.is_tuple() {
                out.push('\n');
                indent(out, level + 1);
                write_console(e, out, level + 1);
                out.push_str(",\n");
                indent(out, level);
            } else {
                write_console(e, out, level);
            }
            out.push(')');
        }
        Type::String | Type::Number | Type::Bool | Type::Dynamic | Type::TypeCapsule => {
            out.push_str(&ty.friendly_name())
        }
    }
}

/// HCL's `hclsyntax.ValidIdentifier`: a letter (any script) or `_`, then
/// letters, digits, `_` and `-`; what can be written bare in an object
/// type expression, and what block names must be.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| unicode_ident::is_xid_start(c) || c == '_')
        && chars.all(|c| unicode_ident::is_xid_continue(c) || c == '-')
}

fn write_expr(ty: &Type, f: &mut fmt::Formatter<'_>, show_optional: bool) -> fmt::Result {
    match ty {
        Type::String => f.write_str("string"),
        Type::Number => f.write_str("number"),
        Type::Bool => f.write_str("bool"),
        Type::Dynamic => f.write_str("any"),
        Type::TypeCapsule => f.write_str("type"),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            f.write_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            })?;
            write_expr(e, f, show_optional)?;
            f.write_char(')')
        }
        Type::Object(o) => {
            f.write_str("object({")?;
            for (i, (name, aty)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    f.write_char(',')?;
                }
                if is_identifier(name) {
                    f.write_str(name)?;
                } else {
                    f.write_str(&crate::render::go_quote(name))?;
                }
                f.write_char('=')?;
                let optional = show_optional && o.optional().contains(name);
                if optional {
                    f.write_str("optional(")?;
                }
                write_expr(aty, f, show_optional)?;
                if optional {
                    f.write_char(')')?;
                }
            }
            f.write_str("})")
        }
        Type::Tuple(e) => {
            f.write_str("tuple([")?;
            for (i, ety) in e.iter().enumerate() {
                if i > 0 {
                    f.write_char(',')?;
                }
                write_expr(ety, f, show_optional)?;
            }
            f.write_str("])")
        }
    }
}

impl fmt::Display for Type {
    /// HCL's `typeexpr.TypeString`: `list(string)`, `object({a=number})`,
    /// `any`. Optional attributes are shown with `optional(…)` in the
    /// alternate form (`{:#}`) only, as `TypeString` drops them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(self, f, f.alternate())
    }
}
