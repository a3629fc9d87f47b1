//! The salsa database.

use std::sync::{Arc, Mutex};

/// What the log of a database keeps of a query: its ingredient, and
/// whether it ran (else salsa found its memo still valid).
type LogEntry = (salsa::IngredientIndex, bool);

/// The database every query runs in. Clones share the memoised results;
/// give each thread its own clone.
#[salsa::db]
#[derive(Clone, Default)]
pub struct Database {
    storage: salsa::Storage<Self>,
    log: Option<Arc<Mutex<Vec<LogEntry>>>>,
    /// The last walked module graph found equal to the one set as the
    /// workspace's input, though not the same allocation (the walk ran
    /// again and found the same graph): the next sync compares by pointer
    /// instead of comparing the whole graph again after every edit.
    pub(crate) walked_graph_seen_equal: Option<Arc<crate::input::ModuleGraph>>,
    /// The workspace whose module graph input was last set, and its
    /// modules then, every module's place set from that graph: while they
    /// are the same, a new graph's places are compared only where the two
    /// graphs differ.
    pub(crate) placed_modules: Option<(crate::input::Workspace, Vec<crate::input::ModuleDir>)>,
}

#[salsa::db]
impl salsa::Database for Database {}

impl Database {
    /// A database that records every query it executes. Only the query's
    /// ingredient is kept while it runs (names are looked up when taken),
    /// so that logging costs little more than a lock.
    pub fn with_execution_log() -> Database {
        Database::logging(false)
    }

    /// A database that records, besides what it executes, every memo it
    /// finds still valid, for tests of how far verification reaches after
    /// an edit (a memo whose inputs all changed less recently than the
    /// edit is valid on its own; one that read a low-durability input is
    /// valid only once everything it read is).
    pub fn with_verification_log() -> Database {
        Database::logging(true)
    }

    fn logging(verified: bool) -> Database {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        Database {
            storage: salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
                let entry = match event.kind {
                    salsa::EventKind::WillExecute { database_key } => {
                        (database_key.ingredient_index(), true)
                    }
                    salsa::EventKind::DidValidateMemoizedValue { database_key } if verified => {
                        (database_key.ingredient_index(), false)
                    }
                    _ => return,
                };
                if let Ok(mut log) = sink.lock() {
                    log.push(entry);
                }
            }))),
            log: Some(log),
            walked_graph_seen_equal: None,
            placed_modules: None,
        }
    }

    /// The names of the queries executed since the last call, in order.
    pub fn take_executed(&self) -> Vec<String> {
        self.take(true)
    }

    /// The names of the memos found still valid since the last call (of
    /// this or [`Database::take_executed`]), in order; empty unless made
    /// by [`Database::with_verification_log`].
    pub fn take_verified(&self) -> Vec<String> {
        self.take(false)
    }

    fn take(&self, executed: bool) -> Vec<String> {
        let taken = self
            .log
            .as_ref()
            .and_then(|log| log.lock().ok().map(|mut log| std::mem::take(&mut *log)))
            .unwrap_or_default();
        taken
            .into_iter()
            .filter(|&(_, ran)| ran == executed)
            .map(|(index, _)| salsa::Database::ingredient_debug_name(self, index).into_owned())
            .collect()
    }
}
