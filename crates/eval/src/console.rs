//! One line of `tofu console`: parse, evaluate, render (OpenTofu's
//! `repl.Session.handleEval`).

use std::path::Path;

use tofu_diagnostics::Code;
use tofu_syntax::SyntaxKind;
use tofu_syntax::ast::{AstNode, ExpressionFile};
use tofu_types::{Mark, render};

use crate::eval::{EvalContext, Scope, evaluate_console};
use crate::functions::FunctionTable;
use crate::{Diagnostic, FileSystem};

/// The file name HCL gives console input.
pub const CONSOLE_FILE_NAME: &str = "<console-input>";

/// What one console line produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConsoleOutput {
    /// Nothing to print: a blank line.
    Nothing,
    /// `exit`.
    Exit,
    /// The rendered value or help text, without a trailing newline, and
    /// any warnings.
    Text(String, Vec<Diagnostic>),
    /// The line failed: every diagnostic, errors among them, in HCL's order.
    Failed(Vec<Diagnostic>),
}

/// Where a console line is evaluated.
#[derive(Clone, Copy)]
pub struct ConsoleScope<'a> {
    pub scope: &'a dyn Scope,
    pub functions: &'a FunctionTable,
    pub fs: &'a dyn FileSystem,
    pub base_dir: &'a Path,
}

pub fn evaluate_console_line(line: &str, at: &ConsoleScope<'_>) -> ConsoleOutput {
    match line.trim() {
        "" => return ConsoleOutput::Nothing,
        "exit" => return ConsoleOutput::Exit,
        "help" => return ConsoleOutput::Text(HELP.trim().to_owned(), Vec::new()),
        _ => {}
    }
    let parse = tofu_syntax::parse_expression(line, CONSOLE_FILE_NAME);
    if !parse.errors().is_empty() {
        let mut diagnostics = parse.errors().to_vec();
        sort_for_display(&mut diagnostics);
        return ConsoleOutput::Failed(diagnostics);
    }
    let Some(expr) = ExpressionFile::cast(parse.syntax()).and_then(|f| f.expr()) else {
        return ConsoleOutput::Nothing;
    };
    let mut references = at.scope.reference_diagnostics(&expr);
    if references.iter().any(Diagnostic::is_error) {
        sort_for_display(&mut references);
        return ConsoleOutput::Failed(references);
    }
    let ctx = EvalContext {
        scope: at.scope,
        functions: at.functions,
        fs: at.fs,
        base_dir: at.base_dir,
        pure_only: false,
        source_text: line,
        file_name: CONSOLE_FILE_NAME,
        assume_non_empty: false,
    };
    let (value, mut diagnostics) = evaluate_console(&expr, &ctx);
    sort_for_display(&mut diagnostics);
    if diagnostics.iter().any(Diagnostic::is_error) {
        return ConsoleOutput::Failed(diagnostics);
    }
    // A value made by `type()` prints as the type it holds when it is the
    // whole result; anything else that holds one is an error.
    if value.has_mark_deep(Mark::TypeFunction) {
        return match value.as_type() {
            Some(ty) => ConsoleOutput::Text(ty.console_string(), diagnostics),
            None => {
                diagnostics.push(Diagnostic::error(
                    Code::InvalidUseOfTypeFunction,
                    "The console-only \"type\" function cannot be used as part of an expression.",
                ));
                ConsoleOutput::Failed(diagnostics)
            }
        };
    }
    ConsoleOutput::Text(render(&value), diagnostics)
}

/// The order OpenTofu's views show diagnostics in (`tfdiags` `Sort`):
/// warnings first, then those without a place, then by where they start
/// and end; otherwise as they came.
fn sort_for_display(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| {
        (
            d.is_error(),
            d.location.is_some(),
            d.range().map(|r| (r.start(), r.end())),
        )
    });
}

const HELP: &str = "
The OpenTofu console allows you to experiment with OpenTofu interpolations.
You may access resources in the state (if you have one) just as you would
from a configuration. For example: \"aws_instance.foo.id\" would evaluate
to the ID of \"aws_instance.foo\" if it exists in your state.

Type in the interpolation to test and hit <enter> to see the result.

To exit the console, type \"exit\" and hit <enter>, or use Control-C or
Control-D.
";

/// Joins piped console lines into commands as OpenTofu's console does
/// (`consoleBracketState`): a command goes on while brackets, braces or
/// parentheses are open or a line ends in a single backslash, and runs as
/// soon as any of them is closed more often than opened.
#[derive(Debug, Default)]
pub struct CommandJoiner {
    buffer: Vec<String>,
    /// Open braces, brackets and parentheses.
    open: [i64; 3],
}

impl CommandJoiner {
    /// Takes one line; gives the command to run once it is complete.
    pub fn push(&mut self, line: &str) -> Option<String> {
        let line = line.trim();
        let continued = line.ends_with('\\') && !line.ends_with("\\\\");
        let line = line.strip_suffix('\\').unwrap_or(line);
        if !line.is_empty() {
            self.buffer.push(line.to_owned());
            for token in tofu_syntax::native::lex(line) {
                let (index, step) = match token.kind {
                    SyntaxKind::L_BRACE => (0, 1),
                    SyntaxKind::R_BRACE => (0, -1),
                    SyntaxKind::L_BRACK => (1, 1),
                    SyntaxKind::R_BRACK => (1, -1),
                    SyntaxKind::L_PAREN => (2, 1),
                    SyntaxKind::R_PAREN => (2, -1),
                    _ => continue,
                };
                self.open[index] += step;
            }
        }
        let closed_too_often = self.open.iter().any(|&n| n < 0);
        let still_open = i64::from(continued) + self.open.iter().sum::<i64>() > 0;
        if still_open && !closed_too_often {
            return None;
        }
        self.open = [0; 3];
        Some(std::mem::take(&mut self.buffer).join("\n"))
    }

    /// How many brackets the lines taken so far leave open (at least one
    /// while a command is waiting for more lines), which OpenTofu's
    /// interactive console shows as that many dots in its prompt.
    pub fn depth(&self) -> usize {
        if self.buffer.is_empty() {
            return 0;
        }
        usize::try_from(self.open.iter().sum::<i64>()).map_or(1, |open| open.max(1))
    }

    /// Forgets the lines of an unfinished command.
    pub fn clear(&mut self) -> bool {
        self.open = [0; 3];
        let had_lines = !self.buffer.is_empty();
        self.buffer.clear();
        had_lines
    }
}

#[cfg(test)]
mod tests {
    use super::CommandJoiner;

    fn commands(lines: &[&str]) -> Vec<String> {
        let mut joiner = CommandJoiner::default();
        lines.iter().filter_map(|l| joiner.push(l)).collect()
    }

    #[test]
    fn lines_join_while_brackets_are_open() {
        assert_eq!(commands(&["1 + 1", "  2  "]), ["1 + 1", "2"]);
        assert_eq!(commands(&["[", "1,", "2]", "3"]), ["[\n1,\n2]", "3"]);
        assert_eq!(commands(&["{a = (", "1)}"]), ["{a = (\n1)}"]);
        assert_eq!(commands(&["\"${upper(\"(\")}\""]), ["\"${upper(\"(\")}\""]);
    }

    #[test]
    fn a_trailing_backslash_continues_the_command() {
        assert_eq!(commands(&["1 + \\", "2"]), ["1 + \n2"]);
        assert_eq!(commands(&["\"a\\\\\""]), ["\"a\\\\\""]);
    }

    #[test]
    fn closing_too_often_runs_at_once() {
        assert_eq!(commands(&["((", "}", "1"]), ["((\n}", "1"]);
        assert_eq!(commands(&["]"]), ["]"]);
    }
}
