//! "Did you mean" suggestions for misspelt names.

/// The first of `candidates` close enough to `given` to suggest. HCL tries
/// them in order and takes the first within an edit distance of two, so
/// the order of the schema decides between equally close names.
pub fn name_suggestion<'s>(
    given: &str,
    candidates: impl IntoIterator<Item = &'s str>,
) -> Option<&'s str> {
    candidates
        .into_iter()
        .find(|candidate| edit_distance(given, candidate) < 3)
}

/// The Levenshtein distance between two strings, counted in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("variable", "varaible"), 2);
        assert_eq!(edit_distance("résumé", "resume"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
    }

    #[test]
    fn first_close_candidate_wins() {
        assert_eq!(
            name_suggestion("cout", ["foo", "count", "cont"]),
            Some("count")
        );
        assert_eq!(name_suggestion("xyz", ["count"]), None);
    }
}
