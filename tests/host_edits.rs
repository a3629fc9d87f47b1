//! Incremental reports equal fresh ones after any sequence of edits: a
//! property test over the standard kinds of edit on a small generated
//! tree, each step applied to the host and to the files on disk, the
//! host's report compared with a fresh check after every step.

use proptest::prelude::*;
use tofu_ide::check::{CheckOptions, check_tree};
use tofu_ide::host::{AnalysisHost, Change};

use tofu_gen_tree::write_tree;

#[path = "support/edits.rs"]
mod edits;

/// Modules in the generated tree: enough for a leaf, a mid-level module
/// and a module called from several places.
const MODULES: usize = 12;

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn incremental_reports_equal_fresh_checks(
        steps in prop::collection::vec((0usize..9, any::<bool>()), 1..10)
    ) {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().join("tree");
        write_tree(&dir, MODULES).unwrap();
        let kinds = edits::edit_kinds(&dir, MODULES);
        let mut host = AnalysisHost::load(&dir, &CheckOptions::default()).unwrap();
        host.analysis().report().unwrap();
        for (step, &(kind, edited)) in steps.iter().enumerate() {
            let kind = &kinds[kind % kinds.len()];
            let text = &kind.texts[usize::from(edited)];
            std::fs::write(dir.join(kind.file), text).unwrap();
            let mut change = Change::new();
            change.set_file(kind.file, text.as_str());
            host.apply_change(change);
            let incremental = host.analysis().report().unwrap().comparable_lines();
            let fresh = check_tree(&dir, &CheckOptions::default()).unwrap().comparable_lines();
            prop_assert_eq!(incremental, fresh, "step {} ({})", step, kind.name);
        }
    }
}
