//! The salsa database.

use std::sync::{Arc, Mutex};

/// The database every query runs in. Clones share the memoised results;
/// give each thread its own clone.
#[salsa::db]
#[derive(Clone, Default)]
pub struct Database {
    storage: salsa::Storage<Self>,
    executed: Option<Arc<Mutex<Vec<salsa::IngredientIndex>>>>,
}

#[salsa::db]
impl salsa::Database for Database {}

impl Database {
    /// A database that records every query it executes. Only the query's
    /// ingredient is kept while it runs (names are looked up when taken),
    /// so that logging costs little more than a lock.
    pub fn with_execution_log() -> Database {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        Database {
            storage: salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
                if let salsa::EventKind::WillExecute { database_key } = event.kind
                    && let Ok(mut log) = sink.lock()
                {
                    log.push(database_key.ingredient_index());
                }
            }))),
            executed: Some(log),
        }
    }

    /// The names of the queries executed since the last call, in order.
    pub fn take_executed(&self) -> Vec<String> {
        let taken = self
            .executed
            .as_ref()
            .and_then(|log| log.lock().ok().map(|mut log| std::mem::take(&mut *log)))
            .unwrap_or_default();
        taken
            .into_iter()
            .map(|index| salsa::Database::ingredient_debug_name(self, index).into_owned())
            .collect()
    }
}
