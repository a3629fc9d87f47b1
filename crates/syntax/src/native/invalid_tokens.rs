//! Errors for characters that never belong in the native syntax, reported
//! once per kind as HCL's `checkInvalidTokens` does, before any parse error.

use rowan::{TextRange, TextSize};

use tofu_diagnostics::Code;

use crate::{SyntaxError, SyntaxKind};

use super::Token;

pub(crate) fn check(text: &str, tokens: &[Token]) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    let mut told = Told::default();
    let mut offset = TextSize::from(0);
    for token in tokens {
        let range = TextRange::at(offset, TextSize::from(token.len));
        offset += TextSize::from(token.len);
        match token.kind {
            SyntaxKind::QUOTED_NEWLINE => errors.push(SyntaxError::error_at(
                Code::InvalidMultiLineString,
                "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
                range,
            )),
            SyntaxKind::INVALID => {
                if let Some(error) = told.invalid(&text[range], range) {
                    errors.push(error);
                }
            }
            _ => {}
        }
    }
    errors
}

#[derive(Default)]
struct Told {
    bitwise: u32,
    backtick: u32,
    apostrophe: u32,
    semicolon: u32,
}

impl Told {
    fn invalid(&mut self, chars: &str, range: TextRange) -> Option<SyntaxError> {
        let error =
            |summary: Code, detail: &str| Some(SyntaxError::error_at(summary, detail, range));
        match chars {
            "&" | "|" | "^" | "~" => {
                if self.bitwise >= 4 {
                    return None;
                }
                self.bitwise += 1;
                let suggestion = match chars {
                    "&" => " Did you mean boolean AND (\"&&\")?",
                    "|" => " Did you mean boolean OR (\"||\")?",
                    "~" => " Did you mean boolean NOT (\"!\")?",
                    _ => "",
                };
                error(
                    Code::UnsupportedOperator,
                    &format!("Bitwise operators are not supported.{suggestion}"),
                )
            }
            "`" => {
                // Alternate backticks open and close the same string: tell
                // only about the openers.
                let report = self.backtick.is_multiple_of(2);
                if self.backtick <= 2 {
                    self.backtick += 1;
                }
                if !report {
                    return None;
                }
                error(
                    Code::InvalidCharacter,
                    "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
                )
            }
            "'" => {
                let report = self.apostrophe.is_multiple_of(2);
                if self.apostrophe <= 2 {
                    self.apostrophe += 1;
                }
                if !report {
                    return None;
                }
                error(
                    Code::InvalidCharacter,
                    "Single quotes are not valid. Use double quotes (\") to enclose strings.",
                )
            }
            ";" => {
                if self.semicolon >= 1 {
                    return None;
                }
                self.semicolon += 1;
                error(
                    Code::InvalidCharacter,
                    "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                )
            }
            "\u{201c}" | "\u{201d}" => error(
                Code::InvalidCharacter,
                "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
            ),
            _ => error(
                Code::InvalidCharacter,
                "This character is not used within the language.",
            ),
        }
    }
}
