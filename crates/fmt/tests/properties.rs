//! Properties of the formatter over generated input: it never panics, and
//! on configurations it formats, the result is a fixed point that differs
//! from the input in whitespace only and does not depend on the input's
//! own spacing.

mod support;

use proptest::prelude::*;
use support::{scramble, significant};

/// Spaces as a person might type them: never none, since generated tokens
/// would run together.
fn gap() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(" ".to_owned()),
        Just("   ".to_owned()),
        Just("\t".to_owned())
    ]
}

/// A line break inside brackets with some indentation after it.
fn break_or_gap() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => gap(),
        1 => (0..6usize).prop_map(|n| format!("\n{}", " ".repeat(n))),
    ]
}

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["a", "bb", "name", "é", "日本", "foo_bar", "x-y"])
        .prop_map(str::to_owned)
}

fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (0..1000u32).prop_map(|n| n.to_string()),
        Just("true".to_owned()),
        Just("null".to_owned()),
        name().prop_map(|n| format!("\"text {n}\"")),
        (name(), name()).prop_map(|(a, b)| format!("var.{a}[0].{b}")),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            (
                inner.clone(),
                gap(),
                prop::sample::select(vec!["+", "-", "*", "==", "&&", ">="]),
                gap(),
                inner.clone()
            )
                .prop_map(|(a, g1, op, g2, b)| format!("{a}{g1}{op}{g2}{b}")),
            (prop::sample::select(vec!["-", "!"]), inner.clone())
                .prop_map(|(op, a)| format!("{op}{a}")),
            (inner.clone(), gap(), inner.clone(), gap(), inner.clone())
                .prop_map(|(c, g1, a, g2, b)| format!("{c}{g1}?{g2}{a}{g1}:{g2}{b}")),
            prop::collection::vec((break_or_gap(), inner.clone()), 0..4).prop_map(|items| {
                let inside: Vec<String> = items.iter().map(|(g, e)| format!("{g}{e}")).collect();
                format!("[{}]", inside.join(","))
            }),
            prop::collection::vec((break_or_gap(), name(), gap(), inner.clone()), 0..4).prop_map(
                |items| {
                    let inside: Vec<String> = items
                        .iter()
                        .map(|(g, k, g2, v)| format!("{g}{k}{g2}={g2}{v}"))
                        .collect();
                    format!("{{{}\n}}", inside.join(","))
                }
            ),
            (
                name(),
                prop::collection::vec((break_or_gap(), inner.clone()), 0..3)
            )
                .prop_map(|(f, args)| {
                    let inside: Vec<String> = args.iter().map(|(g, e)| format!("{g}{e}")).collect();
                    format!(
                        "{}({})",
                        f.replace(['é', '日', '本', '-'], "f"),
                        inside.join(",")
                    )
                }),
            (inner.clone(), gap()).prop_map(|(e, g)| format!("\"x${{{g}{e}{g}}}\"")),
            (inner.clone(), break_or_gap()).prop_map(|(e, g)| format!("({g}{e}{g})")),
            (gap(), inner.clone(), gap())
                .prop_map(|(g, e, g2)| { format!("[for{g}v{g}in{g2}{e}{g}:{g2}v]") }),
            // In parentheses, so that what follows the closing marker's
            // newline still belongs to the expression.
            inner
                .clone()
                .prop_map(|e| format!("(<<EOT\n  ${{{e}}} text\nEOT\n)")),
        ]
    })
}

/// A body of attributes, blocks and comments, with the indentation and
/// spacing of someone who never ran `tofu fmt`.
fn body(depth: u32) -> BoxedStrategy<String> {
    let attribute = (
        0..5usize,
        name(),
        gap(),
        gap(),
        expr(),
        prop::option::of(name()),
    )
        .prop_map(|(indent, n, g1, g2, e, comment)| {
            let comment = comment.map(|c| format!(" # {c}")).unwrap_or_default();
            // `@` is made unique per body below: a name set twice is a
            // syntax error.
            format!("{}{n}@{g1}={g2}{e}{comment}\n", " ".repeat(indent))
        });
    let blank = Just("\n".to_owned());
    let item = if depth == 0 {
        prop_oneof![4 => attribute, 1 => blank].boxed()
    } else {
        let block = (
            0..5usize,
            name(),
            prop::collection::vec(name(), 0..3),
            body(depth - 1),
        )
            .prop_map(|(indent, kind, labels, inner)| {
                let labels: String = labels.iter().map(|l| format!(" \"{l}\"")).collect();
                let kind = kind.replace(['é', '日', '本'], "b");
                format!("{}{kind}{labels} {{\n{inner}}}\n", " ".repeat(indent))
            });
        prop_oneof![4 => attribute, 1 => blank, 2 => block].boxed()
    };
    prop::collection::vec(item, 0..6)
        .prop_map(|items| {
            items
                .iter()
                .enumerate()
                .map(|(index, item)| item.replacen('@', &index.to_string(), 1))
                .collect()
        })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn configurations_format_to_a_fixed_point(text in body(2)) {
        let formatted = match tofu_fmt::format(&text) {
            Ok(formatted) => formatted,
            Err(errors) => panic!("generated input does not parse: {errors:?}\n{text}"),
        };
        prop_assert_eq!(tofu_fmt::format(&formatted).unwrap(), formatted.clone());
        prop_assert_eq!(significant(&formatted), significant(&text));
        prop_assert_eq!(tofu_fmt::format(&scramble(&text)).unwrap(), formatted);
    }

    #[test]
    fn garbage_never_panics(text in "[a-z{}()\\[\\]\"$%#=<>~*,.:?!\n\t \\\\-]{0,80}") {
        // The outline parse (what formatting decides on) reports exactly
        // the tree's errors.
        let tree = tofu_syntax::parse_named(&text, tofu_syntax::SourceKind::Native, "main.tf");
        let outline = tofu_syntax::outline::parse_outline(&text, "main.tf");
        prop_assert_eq!(&outline.errors[..], tree.errors());
        if let Ok(formatted) = tofu_fmt::format(&text) {
            prop_assert!(tofu_fmt::format(&formatted).is_ok());
        }
    }

    #[test]
    fn any_text_never_panics(text in any::<String>()) {
        let _ = tofu_fmt::format(&text);
    }
}
