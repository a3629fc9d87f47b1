//! How a root variable's string values (`-var`, `TF_VAR_`) are read:
//! OpenTofu's `VariableParsingMode`, decided by the variable's `type`
//! (`decodeVariableType`).

use std::collections::BTreeMap;

use crate::config::file_model;
pub use crate::config::model::ParsingMode;
use crate::config::model::{BlockType, ItemBody};
use crate::input::ModuleDir;

/// The root module's declared variables and how each reads its string
/// values. The first of duplicate declarations counts; an override file's
/// `type` replaces the mode of a variable the primary files declare, as
/// OpenTofu's merging does.
#[salsa::tracked(returns(ref))]
pub fn variable_parsing_modes(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> BTreeMap<String, ParsingMode> {
    let mut modes = BTreeMap::new();
    for (files, overriding) in [(module.files(db), false), (module.overrides(db), true)] {
        for &file in files.iter().filter(|f| f.exists(db)) {
            for block in file_model(db, file).of_type(BlockType::Variable) {
                let (Some(name), ItemBody::Variable(variable)) =
                    (block.labels.first(), &block.body)
                else {
                    continue;
                };
                let mode = variable.parsing_mode;
                if overriding {
                    if let (Some(mode), Some(existing)) = (mode, modes.get_mut(name)) {
                        *existing = mode;
                    }
                } else if !modes.contains_key(name) {
                    modes.insert(name.clone(), mode.unwrap_or(ParsingMode::Literal));
                }
            }
        }
    }
    modes
}
