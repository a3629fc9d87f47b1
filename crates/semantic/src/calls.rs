//! Module calls and the modules they call, for checks across a call.

use tofu_syntax::TextRange;

use crate::config::model::{BlockType, ItemBody};
use crate::config::{file_model, file_source_map};
use crate::declarations::DeclKind;
use crate::declarations::module::module_declarations;
use crate::input::{ModuleDir, SourceFile};

/// A `module` block: its name and its `source` when that is a literal
/// string (an expression's value is static evaluation's, per call path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleCall {
    pub name: String,
    pub source: Option<String>,
    pub file: SourceFile,
    pub range: TextRange,
}

/// The module calls of a module, file by file.
#[salsa::tracked(returns(ref))]
pub fn module_calls(db: &dyn salsa::Database, module: ModuleDir) -> Vec<ModuleCall> {
    let mut out = Vec::new();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        let positions = file_source_map(db, file);
        for block in file_model(db, file).of_type(BlockType::Module) {
            let source = match &block.body {
                ItemBody::ModuleCall(call) => call.source.clone(),
                _ => None,
            };
            out.push(ModuleCall {
                name: block.label(0),
                source,
                file,
                range: positions.range(block.header),
            });
        }
    }
    out
}

/// Whether a module source is a local path (`./x`, `../x`), as
/// OpenTofu's `addrs.ParseModuleSource` tells one from a remote source.
pub fn is_local_source(source: &str) -> bool {
    source.starts_with("./") || source.starts_with("../")
}

/// The module directory a local source (`./x`, `../x`) names, relative
/// to the calling module's directory.
pub fn local_source_dir(caller_dir: &str, source: &str) -> Option<String> {
    if !is_local_source(source) {
        return None;
    }
    Some(join_relative(caller_dir, source))
}

/// `dir` joined with the relative path `path` (`/` or `\\` separated),
/// with `.` and `..` resolved lexically as Go's `filepath.Join` does; a
/// path that climbs out of the workspace keeps its leading `..`s
/// (`../modules/vpc`).
pub fn join_relative(dir: &str, path: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ => parts.push(".."),
            },
            other => parts.push(other),
        }
    }
    parts.join("/")
}

/// The names of a module's outputs: all a caller needs to know of them,
/// so that edits elsewhere in the module stop here.
#[salsa::tracked(returns(ref))]
pub fn module_output_names(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> std::collections::BTreeSet<String> {
    module_declarations(db, module)
        .iter()
        .filter_map(|d| match &d.kind {
            DeclKind::Output(name) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::local_source_dir;

    #[test]
    fn local_sources_resolve_against_the_caller() {
        assert_eq!(
            local_source_dir("", "./modules/a").as_deref(),
            Some("modules/a")
        );
        assert_eq!(
            local_source_dir("env/prod", "../../modules/a").as_deref(),
            Some("modules/a")
        );
        assert_eq!(local_source_dir("a", "./b/../c").as_deref(), Some("a/c"));
        assert_eq!(
            local_source_dir("", "../outside").as_deref(),
            Some("../outside")
        );
        assert_eq!(
            local_source_dir("envs/prod", "../../../modules/a").as_deref(),
            Some("../modules/a")
        );
        assert_eq!(local_source_dir("../a", "../b").as_deref(), Some("../b"));
        assert_eq!(local_source_dir("", "hashicorp/consul/aws"), None);
    }
}
