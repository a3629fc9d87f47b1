//! The salsa database.

use std::sync::{Arc, Mutex};

/// The database every query runs in. Clones share the memoised results;
/// give each thread its own clone.
#[salsa::db]
#[derive(Clone, Default)]
pub struct Database {
    storage: salsa::Storage<Self>,
    executed: Option<Arc<Mutex<Vec<String>>>>,
}

#[salsa::db]
impl salsa::Database for Database {}

impl Database {
    /// A database that records the name of every query it executes.
    pub fn with_execution_log() -> Database {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&log);
        Database {
            storage: salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
                if let salsa::EventKind::WillExecute { database_key } = event.kind {
                    // `parse(Id(3))`: the query name before the key.
                    let text = format!("{database_key:?}");
                    let name = text.split('(').next().unwrap_or(&text).to_owned();
                    if let Ok(mut log) = sink.lock() {
                        log.push(name);
                    }
                }
            }))),
            executed: Some(log),
        }
    }

    /// The queries executed since the last call, in order.
    pub fn take_executed(&self) -> Vec<String> {
        self.executed
            .as_ref()
            .and_then(|log| log.lock().ok().map(|mut log| std::mem::take(&mut *log)))
            .unwrap_or_default()
    }
}
