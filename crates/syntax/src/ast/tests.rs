use expect_test::{Expect, expect};

use super::*;
use crate::{SourceKind, parse};

/// Renders an expression through the typed views only, so that every
/// accessor used is exercised.
fn render(expr: &Expr) -> String {
    let opt = |e: Option<Expr>| e.map(|e| render(&e)).unwrap_or_else(|| "_".into());
    match expr {
        Expr::Literal(l) => format!("{:?}", l.kind().unwrap()),
        Expr::Variable(v) => v.name().unwrap().text().to_string(),
        Expr::Template(t) => format!("tmpl({})", render_parts(&t.parts())),
        Expr::Heredoc(h) => format!(
            "heredoc{}({}: {})",
            if h.is_flush() { "-" } else { "" },
            h.marker().unwrap(),
            render_parts(&h.parts())
        ),
        Expr::Tuple(t) => format!(
            "[{}]",
            t.elements()
                .map(|e| render(&e))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Object(o) => format!(
            "{{{}}}",
            o.items()
                .map(|i| {
                    let key = i.key().unwrap();
                    let key = key
                        .as_keyword()
                        .unwrap_or_else(|| format!("({})", opt(key.expr())));
                    format!("{key} = {}", opt(i.value()))
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::FunctionCall(c) => format!(
            "{}({}{})",
            c.name().unwrap(),
            c.args().map(|e| render(&e)).collect::<Vec<_>>().join(", "),
            if c.expands_final_arg() { "..." } else { "" }
        ),
        Expr::For(f) => format!(
            "for{}({:?}, {:?} in {}: {} => {} if {}{})",
            if f.is_object() { "-obj" } else { "" },
            f.key_var().map(|t| t.text().to_string()),
            f.value_var().map(|t| t.text().to_string()),
            opt(f.collection()),
            opt(f.key_expr()),
            opt(f.value_expr()),
            opt(f.condition()),
            if f.is_grouping() { " ..." } else { "" }
        ),
        Expr::Attr(a) => format!("{}.{}", opt(a.receiver()), a.name().unwrap().text()),
        Expr::Index(i) => format!("{}[{}]", opt(i.receiver()), opt(i.index())),
        Expr::LegacyIndex(i) => format!("{}.<{}>", opt(i.receiver()), i.index().unwrap().text()),
        Expr::Splat(s) => format!(
            "splat{}({} each {})",
            if s.is_full() { "[*]" } else { ".*" },
            opt(s.source()),
            opt(s.each())
        ),
        Expr::Paren(p) => format!("({})", opt(p.inner())),
        Expr::Unary(u) => format!("{:?}({})", u.op().unwrap(), opt(u.operand())),
        Expr::Binary(b) => format!("{:?}({}, {})", b.op().unwrap(), opt(b.lhs()), opt(b.rhs())),
        Expr::Conditional(c) => format!(
            "if({}, {}, {})",
            opt(c.condition()),
            opt(c.true_result()),
            opt(c.false_result())
        ),
    }
}

fn render_parts(parts: &[TemplatePart]) -> String {
    render_nodes(&template_structure(parts))
}

fn render_nodes(nodes: &[TemplateNode]) -> String {
    nodes
        .iter()
        .map(|node| match node {
            TemplateNode::Literal(t) => format!("{:?}", t.text()),
            TemplateNode::Interpolation(i) => format!(
                "${{{}{}{}}}",
                if i.strip_before() { "~" } else { "" },
                i.expr().map(|e| render(&e)).unwrap_or_default(),
                if i.strip_after() { "~" } else { "" }
            ),
            TemplateNode::If {
                directive,
                then_branch,
                else_branch,
                ..
            } => format!(
                "%if({}, [{}], [{}])",
                directive.expr().map(|e| render(&e)).unwrap_or_default(),
                render_nodes(then_branch),
                render_nodes(else_branch)
            ),
            TemplateNode::For {
                directive, body, ..
            } => format!(
                "%for({:?}, {:?} in {}: [{}])",
                directive.key_var().map(|t| t.text().to_string()),
                directive.value_var().map(|t| t.text().to_string()),
                directive.expr().map(|e| render(&e)).unwrap_or_default(),
                render_nodes(body)
            ),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn render_body(body: &Body, indent: usize, out: &mut String) {
    for item in body.items() {
        match item {
            BodyItem::Attribute(a) => {
                let expr = a.expr().map(|e| render(&e)).unwrap_or_else(|| "_".into());
                out.push_str(&format!(
                    "{:indent$}{} = {expr}\n",
                    "",
                    a.name().unwrap().text()
                ));
            }
            BodyItem::Block(b) => {
                let labels: Vec<String> = b
                    .labels()
                    .map(|l| format!("{:?}{}", l.value(), if l.is_quoted() { "q" } else { "" }))
                    .collect();
                out.push_str(&format!(
                    "{:indent$}{} {}\n",
                    "",
                    b.block_type().unwrap().text(),
                    labels.join(" ")
                ));
                if let Some(inner) = b.body() {
                    render_body(&inner, indent + 2, out);
                }
            }
        }
    }
}

fn check(text: &str, expect: Expect) {
    let parse = parse(text, SourceKind::Native);
    assert!(parse.errors().is_empty(), "{:#?}", parse.errors());
    let file = SourceFile::cast(parse.syntax()).unwrap();
    let mut out = String::new();
    render_body(&file.body().unwrap(), 0, &mut out);
    expect.assert_eq(&out);
}

#[test]
fn bodies_and_blocks() {
    check(
        r#"
resource "aws_instance" web {
  ami = "ami-\u00e9"
  nested { a = 1 }
}
"#,
        expect![[r#"
            resource "aws_instance"q "web"
              ami = tmpl("ami-\\u00e9")
              nested 
                a = Number("1")
        "#]],
    );
}

#[test]
fn operators_and_precedence() {
    check(
        "a = 1 + 2 * 3 - 4\nb = !x == false || y && z\nc = -a.b[0]\nd = c ? 1 : e ? 2 : 3\n",
        expect![[r#"
            a = Subtract(Add(Number("1"), Multiply(Number("2"), Number("3"))), Number("4"))
            b = Or(Equal(Not(x), Bool(false)), And(y, z))
            c = Negate(a.b[Number("0")])
            d = if(c, Number("1"), if(e, Number("2"), Number("3")))
        "#]],
    );
}

#[test]
fn traversals_and_splats() {
    check(
        "a = x.y[0].z\nb = x[*].y[0]\nc = x.*.y.0\nd = x.0\ne = x[*][*].a\nf = (x).y\n",
        expect![[r#"
            a = x.y[Number("0")].z
            b = splat[*](x each _.y[Number("0")])
            c = splat.*(x each _.y.<0>)
            d = x.<0>
            e = splat[*](x each splat[*](_ each _.a))
            f = (x).y
        "#]],
    );
}

#[test]
fn collections_calls_and_for() {
    check(
        r#"a = [1, "two", [3]]
b = { k = 1, "q" : 2, (x) = 3, true = 4 }
c = provider::aws::arn_parse(x, y...)
d = [for i, v in xs : v if i > 0]
e = { for k, v in m : k => v... }
"#,
        expect![[r#"
            a = [Number("1"), tmpl("two"), [Number("3")]]
            b = {k = Number("1"), (tmpl("q")) = Number("2"), ((x)) = Number("3"), true = Number("4")}
            c = provider::aws::arn_parse(x, y...)
            d = for(Some("i"), Some("v") in xs: _ => v if Greater(i, Number("0")))
            e = for-obj(Some("k"), Some("v") in m: k => v if _ ...)
        "#]],
    );
}

#[test]
fn templates_and_heredocs() {
    check(
        "a = \"x${y}%{ if c }t%{ else }f%{ endif }\"\nb = <<-EOT\n  ${~ z ~}\n  %{ for k, v in m }${k}%{ endfor }\n  EOT\n",
        expect![[r#"
            a = tmpl("x" ${y} %if(c, ["t"], ["f"]))
            b = heredoc-(EOT: "  " ${~z~} "\n" "  " %for(Some("k"), Some("v") in m: [${k}]) "\n")
        "#]],
    );
}

#[test]
fn standalone_expressions() {
    let parse = crate::parse_expression("# c\n[for x in xs :\n  x.y]\n", "<console-input>");
    assert!(parse.errors().is_empty(), "{:#?}", parse.errors());
    let file = ExpressionFile::cast(parse.syntax()).unwrap();
    expect!["for(None, Some(\"x\") in xs: _ => x.y if _)"]
        .assert_eq(&render(&file.expr().unwrap()));

    let extra = crate::parse_expression("a b", "<console-input>");
    let file = ExpressionFile::cast(extra.syntax()).unwrap();
    expect!["a"].assert_eq(&render(&file.expr().unwrap()));
    assert!(
        ExpressionFile::cast(crate::parse_expression("", "").syntax())
            .unwrap()
            .expr()
            .is_none()
    );
}

#[test]
fn standalone_templates() {
    let text = "a\\n$${b} ${~ x ~}\n %{ for k, v in m }${k}%{ endfor }";
    let parse = crate::parse_template(text, "t.tmpl");
    assert!(parse.errors().is_empty(), "{:#?}", parse.errors());
    let file = TemplateFile::cast(parse.syntax()).unwrap();
    let parts = file.parts();
    expect![[r#""a\\n" "$${" "b} " ${~x~} "\n" " " %for(Some("k"), Some("v") in m: [${k}])"#]]
        .assert_eq(&render_parts(&parts));
    let values: Vec<_> = parts
        .iter()
        .filter_map(TemplatePart::literal_value)
        .collect();
    assert_eq!(values, ["a\\n", "${", "b} ", "\n", " "]);
    assert!(file.sole_interpolation().is_none());

    let whole = crate::parse_template("${ x }", "t.tmpl");
    let file = TemplateFile::cast(whole.syntax()).unwrap();
    let expr = file.sole_interpolation().and_then(|i| i.expr());
    assert_eq!(expr.map(|e| render(&e)).as_deref(), Some("x"));
}

#[test]
fn literal_values_follow_the_token_kind() {
    let parse = parse("a = \"q\\n$${x}\"\n", SourceKind::Native);
    let file = SourceFile::cast(parse.syntax()).unwrap();
    let attribute = file.body().unwrap().attributes().next().unwrap();
    let Some(Expr::Template(template)) = attribute.expr() else {
        panic!("not a template");
    };
    let values: Vec<_> = template
        .parts()
        .iter()
        .filter_map(TemplatePart::literal_value)
        .collect();
    assert_eq!(values, ["q\n", "${", "x}"]);
}
