//! What several targets check of a tree they wrote: `check` in both modes
//! (as `validate` and as a plan) never panics, and every diagnostic's
//! place lies inside its file, on character boundaries.

use std::path::Path;

use tofu_ide::check::{CheckOptions, check_tree};
use tofu_ide::variable_inputs::VariableInputs;

pub fn check_in_both_modes(dir: &Path) {
    for plan in [false, true] {
        let inputs = VariableInputs {
            options: &[],
            working_dir: dir,
            environment: &[],
        };
        let options = CheckOptions {
            plan: plan.then_some(inputs),
            ..CheckOptions::default()
        };
        let report = check_tree(dir, &options).expect("the tree loads");
        for diagnostic in &report.diagnostics {
            if let Some(location) = diagnostic.location {
                let source = report.source(location.file);
                let end: usize = location.range.end().into();
                assert!(end <= source.text.len(), "{diagnostic:?} is past the end");
                assert!(
                    source.text.is_char_boundary(location.range.start().into())
                        && source.text.is_char_boundary(end),
                    "{diagnostic:?} splits a character"
                );
            }
        }
    }
}
