//! Strongly connected components (Tarjan's algorithm), as OpenTofu's
//! `dag.StronglyConnected` finds them to report cycles.

/// The components of more than one vertex of the graph whose vertex `v`
/// has the successors `successors[v]`: each sorted, in order of their
/// first vertex. Iterative, so that long chains cannot exhaust the stack.
pub fn strongly_connected(successors: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let n = successors.len();
    let mut search = Search {
        successors,
        index: vec![UNVISITED; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        frames: Vec::new(),
        next_index: 0,
        rings: Vec::new(),
    };
    for start in 0..n as u32 {
        if search.index[start as usize] == UNVISITED {
            search.run(start);
        }
    }
    let mut rings = search.rings;
    rings.sort();
    rings
}

const UNVISITED: u32 = u32::MAX;

struct Search<'a> {
    successors: &'a [Vec<u32>],
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    /// The depth-first path: each vertex and how many of its successors
    /// were visited.
    frames: Vec<(u32, usize)>,
    next_index: u32,
    rings: Vec<Vec<u32>>,
}

impl Search<'_> {
    fn visit(&mut self, v: u32) {
        self.index[v as usize] = self.next_index;
        self.low[v as usize] = self.next_index;
        self.next_index += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.frames.push((v, 0));
    }

    fn run(&mut self, start: u32) {
        self.visit(start);
        while let Some(&(v, done)) = self.frames.last() {
            let vi = v as usize;
            if let Some(&w) = self.successors[vi].get(done) {
                if let Some(frame) = self.frames.last_mut() {
                    frame.1 += 1;
                }
                let wi = w as usize;
                if self.index[wi] == UNVISITED {
                    self.visit(w);
                } else if self.on_stack[wi] {
                    self.low[vi] = self.low[vi].min(self.index[wi]);
                }
                continue;
            }
            self.frames.pop();
            if let Some(&(parent, _)) = self.frames.last() {
                let parent = parent as usize;
                self.low[parent] = self.low[parent].min(self.low[vi]);
            }
            if self.low[vi] == self.index[vi] {
                let mut ring = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w as usize] = false;
                    ring.push(w);
                    if w == v {
                        break;
                    }
                }
                if ring.len() > 1 {
                    ring.sort_unstable();
                    self.rings.push(ring);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); n];
        for &(from, to) in edges {
            out[from as usize].push(to);
        }
        out
    }

    #[test]
    fn rings_of_more_than_one_vertex() {
        // 1 -> 2 -> 3 -> 1, 3 -> 4 -> 5 -> 4, 6 -> 6 (a self edge is no
        // ring), 0 and 7 on no ring.
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 1),
            (3, 4),
            (4, 5),
            (5, 4),
            (6, 6),
            (5, 7),
        ];
        assert_eq!(
            strongly_connected(&graph(8, &edges)),
            [vec![1, 2, 3], vec![4, 5]]
        );
    }

    #[test]
    fn long_chains_do_not_exhaust_the_stack() {
        let n = 200_000;
        let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, i + 1)).collect();
        edges.push((n, 0));
        let rings = strongly_connected(&graph(n as usize + 1, &edges));
        assert_eq!(rings.len(), 1);
        assert_eq!(rings[0].len(), n as usize + 1);
    }
}
