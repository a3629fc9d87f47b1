//! `format_spacing` (HCL's `hclwrite.Format`) on one fragment per rule of
//! `spaceAfterToken` and the cell alignment, fragments that need not be
//! valid configuration.

use expect_test::{Expect, expect};

fn check(input: &str, expect: Expect) {
    expect.assert_eq(&tofu_fmt::format_spacing(input));
}

#[test]
fn operators_and_brackets() {
    check("a=b.c", expect!["a = b.c"]);
    check("a=b [ c ]", expect!["a = b[c]"]);
    check("a=f ( x ) [ 0 ]", expect!["a = f(x)[0]"]);
    check("( a+2 )", expect!["(a + 2)"]);
    check("( a*-2 )", expect!["(a * -2)"]);
    check("a=-1 - -b", expect!["a = -1 - -b"]);
    check("a= ! b&&!c", expect!["a = !b && !c"]);
    check("a=x?-1:y", expect!["a = x ? -1 : y"]);
    check("a=[1 ,2 ,3 ]", expect!["a = [1, 2, 3]"]);
    check("a=f(b ...)", expect!["a = f(b...)"]);
    check("a=x[* ].y", expect!["a = x[*].y"]);
}

#[test]
fn braces_keep_spaces_inside_but_an_empty_pair() {
    check("a={b=1}", expect!["a = { b = 1 }"]);
    check("a={ }", expect!["a = {}"]);
    check(
        "b {\n}",
        expect![[r#"
        b {
        }"#]],
    );
}

#[test]
fn for_expressions_keep_in_apart_from_a_tuple() {
    check("a=[for x in[1]:x]", expect!["a = [for x in [1] : x]"]);
    check(
        "a={for k,v in m:k=>v...}",
        expect!["a = { for k, v in m : k => v... }"],
    );
}

#[test]
fn templates_are_left_alone_inside_their_quotes() {
    check("a=\"  x  ${ b }  \"", expect![[r#"a = "  x  ${b}  ""#]]);
    check("a=\"${ {b=1} }\"", expect![[r#"a = "${ { b = 1 } }""#]]);
    check(
        "a=\"%{ if c }x%{ endif }\"",
        expect![[r#"a = "%{if c}x%{endif}""#]],
    );
    check("a=\"${b}${c}\"", expect![[r#"a = "${b}${c}""#]]);
}

#[test]
fn provider_function_namespaces_stay_joined() {
    check(
        "a = provider :: ns :: f ()",
        expect!["a = provider::ns::f()"],
    );
}

#[test]
fn indentation_follows_open_brackets() {
    check(
        "a=[\n1,\n[\n2\n],\n]\nb {\nc {\nd=1\n}\n}\n",
        expect![[r#"
            a = [
              1,
              [
                2
              ],
            ]
            b {
              c {
                d = 1
              }
            }
        "#]],
    );
    // A line that opens two brackets indents by one level.
    check(
        "a=f([\n1\n])\n",
        expect![[r#"
        a = f([
          1
        ])
    "#]],
    );
}

#[test]
fn runs_of_assignments_and_comments_align() {
    check(
        "a=1 # x\nbbb=2 # yy\n\ncccc=3\nd={\ne=1\n}\n",
        expect![[r#"
            a   = 1 # x
            bbb = 2 # yy

            cccc = 3
            d = {
              e = 1
            }
        "#]],
    );
    // Columns are grapheme clusters, not bytes or code points.
    check(
        "é=1\nxx=2\n",
        expect![[r#"
        é  = 1
        xx = 2
    "#]],
    );
}

#[test]
fn broken_input_is_spaced_all_the_same() {
    check("a = = {", expect!["a = = {"]);
    check("a=provider::+f()", expect!["a = provider:: + f()"]);
}
