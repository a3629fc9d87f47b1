use std::fmt::Write;

use rowan::GreenNode;

use crate::{SyntaxError, SyntaxNode, json, native};

/// Which of the two syntaxes a file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceKind {
    /// HCL native syntax: `.tf`, `.tofu`, `.tfvars`, `.hcl`.
    Native,
    /// HCL JSON syntax: `.tf.json`, `.tofu.json`, `.tfvars.json`.
    Json,
}

impl SourceKind {
    /// The syntax of a file, judged by its name as OpenTofu does.
    pub fn from_file_name(name: &str) -> SourceKind {
        if name.ends_with(".json") {
            SourceKind::Json
        } else {
            SourceKind::Native
        }
    }
}

/// The result of parsing one file: a lossless green tree and its errors.
///
/// `GreenNode` is `Send + Sync`, so a `Parse` can cross threads and live in
/// a database; build a [`SyntaxNode`] where it is used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Parse {
    green: GreenNode,
    errors: Vec<SyntaxError>,
}

impl Parse {
    /// A parse from a tree and its errors, as stored by a database.
    pub fn new(green: GreenNode, errors: Vec<SyntaxError>) -> Parse {
        Parse { green, errors }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }
}

/// Parses `text` in the given syntax.
pub fn parse(text: &str, kind: SourceKind) -> Parse {
    parse_named(text, kind, "")
}

/// Parses `text` in the given syntax; `file_name` (as the user should see
/// it) appears in messages that point at other places in the file.
pub fn parse_named(text: &str, kind: SourceKind, file_name: &str) -> Parse {
    match kind {
        SourceKind::Native => native::parse_named(text, file_name),
        SourceKind::Json => json::parse(text),
    }
}

/// Parses `text` as one native-syntax expression, as HCL's
/// `hclsyntax.ParseExpression` does for `tofu console` input (file name
/// `<console-input>`) and `-var` values.
///
/// Newlines are insignificant, as inside parentheses (object constructors
/// still separate their items with them); comments and newlines may follow
/// the expression, anything else is "Extra characters after expression". The root is an
/// `EXPRESSION_FILE`: [`crate::ast::ExpressionFile::expr`] gives the
/// expression, and what follows it sits in an `ERROR` node.
pub fn parse_expression(text: &str, file_name: &str) -> Parse {
    native::parse_expression(text, file_name)
}

/// Parses `text` as a standalone template, as HCL's
/// `hclsyntax.ParseTemplate` does for `templatefile`, `templatestring`
/// and the strings of JSON files.
///
/// All of the text is template: literal text, `${ }` interpolations and
/// `%{ }` directives. Literal text has no backslash escapes; `$${` and
/// `%%{` stand for `${` and `%{`, and a lone `$` or `%` is itself. The
/// root is a `TEMPLATE_FILE`: [`crate::ast::TemplateFile::parts`] gives
/// its parts, [`crate::ast::TemplatePart::literal_value`] the value of a
/// literal part.
pub fn parse_template(text: &str, file_name: &str) -> Parse {
    native::parse_template(text, file_name)
}

/// An indented dump of the tree and its errors, for tests and debugging.
pub fn debug_dump(parse: &Parse) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in parse.syntax().preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let range = element.text_range();
                let _ = write!(
                    out,
                    "{:indent$}{:?}@{:?}",
                    "",
                    element.kind(),
                    range,
                    indent = depth * 2
                );
                if let rowan::NodeOrToken::Token(token) = &element {
                    let _ = write!(out, " {:?}", token.text());
                }
                out.push('\n');
                depth += 1;
            }
            rowan::WalkEvent::Leave(_) => depth -= 1,
        }
    }
    for error in parse.errors() {
        let _ = writeln!(
            out,
            "error {:?}: {}: {}",
            error.range().expect("syntax errors have a place"),
            error.summary,
            error.detail
        );
    }
    out
}

#[cfg(test)]
mod properties {
    //! Whatever the input, parsing terminates without panicking, the tree
    //! holds the input byte for byte and every error lies within it.

    use proptest::prelude::*;

    use super::*;

    const SEEDS: &[&str] = &[
        "resource \"a\" \"b\" {\n  x = [for k, v in var.m : \"${k}-%{ if v }y%{ endif }\" if v]\n}\n",
        "locals {\n  a = { for x in y : x => x... }\n  b = <<-EOT\n    ${a.b[*].c}\n  EOT\n}\n",
        "a = f(1, [2, 3]...) ? b.*.c : provider::p::f(-1 + 2 * (3 % 4))\n",
        "{\"resource\": {\"a\": {\"b\": {\"x\": [1, 2.5e3, \"${x}\", null, true]}}}}",
        "%{ for k, v in m ~}\n${k}=${v}\n%{~ endfor }$${a} %%{b} $ % \\n\r\n",
    ];

    /// Every way of parsing: files of both syntaxes, and the standalone
    /// expressions and templates of the native syntax.
    fn check(text: &str) {
        check_parse(text, &parse(text, SourceKind::Native));
        check_parse(text, &parse(text, SourceKind::Json));
        check_parse(text, &parse_expression(text, "<console-input>"));
        check_parse(text, &parse_template(text, "t.tmpl"));
    }

    fn check_parse(text: &str, parse: &Parse) {
        assert_eq!(parse.syntax().to_string(), text);
        let len = rowan::TextSize::of(text);
        for error in parse.errors() {
            assert!(
                error.range().unwrap().end() <= len,
                "{error:?} outside {len:?}"
            );
            let (start, end) = (
                error.range().unwrap().start().into(),
                error.range().unwrap().end().into(),
            );
            assert!(
                text.is_char_boundary(start) && text.is_char_boundary(end),
                "{error:?} splits a character"
            );
        }
    }

    /// Inputs made of the characters and fragments the grammar cares about.
    fn fragment() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "{", "}", "[", "]", "(", ")", "\"", "${", "%{", "~}", "<<EOT\n", "<<-X\n", "EOT\n",
                "\n", " ", "=", "==", ":", "::", "?", ".", "*", "...", "=>", ",", "#", "//", "/*",
                "*/", "\\", "$$", "%%", "for", "in", "if", "endif", "else", "endfor", "a", "1.5e",
                "0.1", "-", "!", "&&", "'", ";", "é", "\u{feff}", "\r\n", "\t",
            ])
            .prop_map(str::to_string),
            "[a-z0-9 ]{0,4}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn arbitrary_text(text in "\\PC{0,64}") {
            check(&text);
        }

        #[test]
        fn grammar_fragments(parts in prop::collection::vec(fragment(), 0..40)) {
            check(&parts.concat());
        }

        #[test]
        fn mutated_seeds(seed in prop::sample::select(SEEDS), at in 0usize..200, cut in 0usize..20, insert in fragment()) {
            let mut text = seed.to_string();
            let at = at.min(text.len());
            let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap();
            let end = (at + cut).min(text.len());
            let end = (end..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap();
            text.replace_range(at..end, &insert);
            check(&text);
        }
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let files = |text: &str| {
            check_parse(text, &parse(text, SourceKind::Native));
            check_parse(text, &parse(text, SourceKind::Json));
        };
        for depth in [10, 1_000, 100_000] {
            for (open, close) in [
                ("[", "]"),
                ("(", ")"),
                ("{", "}"),
                ("\"${", "}\""),
                ("-", ""),
            ] {
                let expr = format!("{}1{}", open.repeat(depth), close.repeat(depth));
                files(&format!("a = {expr}\n"));
                check_parse(&expr, &parse_expression(&expr, "<console-input>"));
            }
            files(&format!("a = x{}\n", "[*]".repeat(depth)));
            files(&"b {\n".repeat(depth));
            check(&"[".repeat(depth));
            // Standalone templates nest through strings and directives
            // (`template::check_structure` has its own test at depth).
            let directives = depth.min(10_000);
            for text in [
                "${\"".repeat(depth),
                "%{if x}".repeat(directives),
                "%{for x in y}".repeat(directives) + &"%{endfor}".repeat(directives),
            ] {
                check_parse(&text, &parse_template(&text, "t.tmpl"));
            }
        }
    }
}
