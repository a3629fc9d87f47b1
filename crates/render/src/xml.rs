//! Escaping text for the XML formats (JUnit and Checkstyle).

/// The XML declaration every document starts with.
pub const DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// `text` as an attribute value between double quotes: the five markup
/// characters become entities, and tabs and line breaks become character
/// references so that attribute normalisation keeps them.
pub fn attribute(text: &str) -> String {
    escape(text, true)
}

/// `text` as element content: line breaks stay as they are.
pub fn content(text: &str) -> String {
    escape(text, false)
}

fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' if attribute => out.push_str("&#9;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            // XML 1.0 has no way to write these, not even as references:
            // they become U+FFFD.
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_line_breaks_and_control_characters() {
        let text = "a<b>&\"c\"'d'\te\r\nf\u{1a}\u{0}g";
        assert_eq!(
            attribute(text),
            "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;&#9;e&#13;&#10;f\u{fffd}\u{fffd}g"
        );
        assert_eq!(
            content(text),
            "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;\te&#13;\nf\u{fffd}\u{fffd}g"
        );
    }
}
