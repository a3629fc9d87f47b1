//! Document symbols: what a file declares, with its blocks' ranges.

use tofu_semantic::{Database, DeclKind, module_declarations};

use crate::{
    features::navigation::{NavigationTarget, navigation_target},
    host::Tree,
};

/// A declaration of a file, for an outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileSymbol {
    /// As OpenTofu addresses it: `var.region`, `aws_instance.web`.
    pub name: String,
    pub target: NavigationTarget,
}

/// The declarations of the file at `path`, in source order.
pub(crate) fn document_symbols(db: &Database, tree: &Tree, path: &str) -> Vec<FileSymbol> {
    let (Some(module), Some(file)) = (tree.module_of(path), tree.file(path)) else {
        return Vec::new();
    };
    let mut out: Vec<FileSymbol> = module_declarations(db, module)
        .iter()
        .filter(|d| d.file == file)
        .map(|d| FileSymbol {
            name: match &d.kind {
                DeclKind::Output(name) => format!("output.{name}"),
                kind => kind.address(),
            },
            target: navigation_target(db, d),
        })
        .collect();
    out.sort_by_key(|s| s.target.full_range.start());
    out
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use crate::features::fixture::{TREE, fixture, snippet};

    #[test]
    fn symbols_of_a_file() {
        let fixture = fixture(TREE);
        let analysis = fixture.analysis();
        let actual: String = analysis
            .document_symbols("main.tf")
            .unwrap()
            .iter()
            .map(|s| {
                let full = snippet(&analysis, "main.tf", s.target.full_range);
                format!(
                    "{} [{}] {}\n",
                    s.name,
                    snippet(&analysis, "main.tf", s.target.focus_range),
                    full.lines().next().unwrap()
                )
            })
            .collect();
        expect![[r#"
            var.region [region] variable "region" {
            local.zone [zone] zone = "${var.region}a"
            module.net [net] module "net" {
            output.first [first] output "first" {
        "#]]
        .assert_eq(&actual);
    }
}
