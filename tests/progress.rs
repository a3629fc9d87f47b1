//! A check tells how far it has got through every phase, not only while
//! it parses.

use std::path::Path;
use std::sync::Mutex;

use tofu_ide::check::{CheckOptions, Progress, check_tree};
use tofu_ide::variable_inputs::VariableInputs;

/// Each phase as it was announced: what, how many steps, how many done.
#[derive(Default)]
struct Recorded {
    phases: Mutex<Vec<(&'static str, usize, usize)>>,
}

impl Progress for Recorded {
    fn start(&self, files: usize) {
        self.phase("files", files);
    }

    fn file_done(&self) {
        self.step();
    }

    fn phase(&self, what: &'static str, steps: usize) {
        self.phases.lock().unwrap().push((what, steps, 0));
    }

    fn step(&self) {
        let mut phases = self.phases.lock().unwrap();
        let current = phases.last_mut().expect("a step belongs to a phase");
        current.2 += 1;
    }
}

fn phases(plan: bool) -> Vec<(&'static str, usize, usize)> {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let recorded = Recorded::default();
    let environment = Vec::new();
    let inputs = VariableInputs {
        options: &[],
        working_dir: &examples,
        environment: &environment,
    };
    let options = CheckOptions {
        progress: Some(&recorded),
        plan: plan.then_some(inputs),
        ..CheckOptions::default()
    };
    check_tree(&examples, &options).expect("the examples are checked");
    recorded.phases.into_inner().unwrap()
}

#[test]
fn every_phase_reports_its_steps() {
    for (plan, expected) in [
        (false, &["files", "modules", "instances evaluated"][..]),
        (
            true,
            &[
                "files",
                "modules",
                "instances evaluated",
                "instances planned",
            ][..],
        ),
    ] {
        let found = phases(plan);
        let names: Vec<&str> = found.iter().map(|(what, _, _)| *what).collect();
        assert_eq!(names, expected, "plan: {plan}");
        for (what, steps, done) in found {
            assert!(steps > 0, "{what}: no steps");
            assert_eq!(done, steps, "{what}: {done} of {steps} steps done");
        }
    }
}
