//! The elements of a map or the attributes of an object: a slice sorted by
//! key, without repeats. Most maps and objects have a few entries, which a
//! slice holds in one small allocation (a B-tree node has room for eleven).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Value;

/// Entries sorted by key; cloning shares them.
#[derive(Clone, Default)]
pub struct Entries(Arc<[(String, Value)]>);

impl Entries {
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.0[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// In key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &Value)> + ExactSizeIterator {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.0.iter().map(|(_, v)| v)
    }

    /// A copy as a map, to build on.
    pub fn to_map(&self) -> BTreeMap<String, Value> {
        self.0.iter().cloned().collect()
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok()
    }
}

/// As collecting into a map: sorted by key, the last of repeated keys
/// winning.
impl FromIterator<(String, Value)> for Entries {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Entries {
        let mut entries: Vec<(String, Value)> = iter.into_iter().collect();
        if !entries.is_sorted_by(|a, b| a.0 < b.0) {
            // Stable: of equal keys, the last stays last.
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let mut deduped: Vec<(String, Value)> = Vec::with_capacity(entries.len());
            for entry in entries {
                match deduped.last_mut() {
                    Some(last) if last.0 == entry.0 => *last = entry,
                    _ => deduped.push(entry),
                }
            }
            entries = deduped;
        }
        Entries(entries.into())
    }
}

impl From<BTreeMap<String, Value>> for Entries {
    fn from(map: BTreeMap<String, Value>) -> Entries {
        Entries(map.into_iter().collect::<Vec<_>>().into())
    }
}

impl<'a> IntoIterator for &'a Entries {
    type Item = (&'a String, &'a Value);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, Value)>,
        fn(&'a (String, Value)) -> (&'a String, &'a Value),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_with_the_last_of_repeated_keys() {
        let entries: Entries = [("b", 1), ("a", 2), ("b", 3), ("c", 4)]
            .into_iter()
            .map(|(k, n)| (k.to_owned(), Value::int(n)))
            .collect();
        let keys: Vec<&String> = entries.keys().collect();
        assert_eq!(keys, ["a", "b", "c"]);
        assert!(
            entries
                .get("b")
                .is_some_and(|v| v.raw_equals(&Value::int(3)))
        );
        assert!(entries.get("d").is_none());
        assert_eq!(entries.len(), 3);
    }
}
