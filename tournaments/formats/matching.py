"""Maximum-weight matching on a general graph: Edmonds' blossom algorithm in its primal-dual form
(Galil, "Efficient algorithms for finding maximum matching in graphs", 1986), O(n³).

Swiss pairing needs it because the best pairing is a global property: whether a rematch can
be avoided on the top board depends on who is left for the bottom ones. Weights are integers,
so every quantity stays an integer and the result is exact and reproducible.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Edge = tuple[int, int]
NO_EDGE: Edge = (-1, -1)


def max_weight_matching(weights: Sequence[Sequence[int | None]]) -> list[int]:
    """A matching of maximum total weight, as ``mate[v]`` per vertex (-1 for unmatched vertices).

    ``weights[v][w]`` is the weight of edge v–w (the matrix is symmetric) or ``None`` for no
    edge. With every weight positive on a complete graph of an even number of vertices the
    matching is perfect. Ties between equally heavy matchings are broken the same way every
    time.
    """
    return _Blossom(weights).solve()


class _Blossom:
    """One run of the algorithm. Vertices are 0..n-1; non-trivial blossoms n..2n-1.

    Dual variables of vertices are kept doubled (2·u) so that integer weights keep every
    slack and every step of the duals an integer.
    """

    FREE, S, T = 0, 1, 2

    def __init__(self, weights: Sequence[Sequence[int | None]]) -> None:
        n = self.n = len(weights)
        self.neighbours = [[w for w in range(n) if w != v and weights[v][w] is not None] for v in range(n)]
        self.weight = [[weights[v][w] or 0 for w in range(n)] for v in range(n)]
        top = max((self.weight[v][w] for v in range(n) for w in self.neighbours[v]), default=0)
        self.mate = [-1] * n
        self.label = [self.FREE] * (2 * n)
        self.label_edge: list[Edge] = [NO_EDGE] * (2 * n)
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.child_edges: list[list[Edge]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.best_edge: list[Edge] = [NO_EDGE] * (2 * n)
        self.best_edges: list[list[Edge] | None] = [None] * (2 * n)
        self.dual = [max(top, 0)] * n + [0] * n
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.queue: list[int] = []

    # -- helpers ---------------------------------------------------------------------------

    def slack(self, v: int, w: int) -> int:
        """Twice the slack of edge v–w (valid between different top-level blossoms)."""
        return self.dual[v] + self.dual[w] - 2 * self.weight[v][w]

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
        else:
            for child in self.children[b]:
                yield from self.leaves(child)

    def is_top_blossom(self, b: int) -> bool:
        return b >= self.n and self.base[b] != -1 and self.parent[b] == -1

    def assign_label(self, w: int, label: int, v: int) -> None:
        """Label the top-level blossom of vertex ``w`` S or T, reached from vertex ``v`` (-1: a root)."""
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = label
        self.label_edge[w] = self.label_edge[b] = (v, w) if v != -1 else NO_EDGE
        self.best_edge[w] = self.best_edge[b] = NO_EDGE
        if label == self.S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.mate[base], self.S, base)

    # -- growing the forest ----------------------------------------------------------------

    def scan_blossom(self, v: int, w: int) -> int:
        """Walk back from the S-vertices v and w: the base of the blossom they close, or -1 when
        they lie on an augmenting path between two roots."""
        marked: list[int] = []
        found = -1
        while v != -1:
            b = self.in_blossom[v]
            if b in marked:
                found = self.base[b]
                break
            marked.append(b)
            edge = self.label_edge[b]
            if edge == NO_EDGE:
                v = -1
            else:
                t_blossom = self.in_blossom[edge[0]]
                v = self.label_edge[t_blossom][0]
            if w != -1:
                v, w = w, v
        return found

    def add_blossom(self, base: int, v: int, w: int) -> None:
        """Shrink the odd cycle through edge v–w and the two paths back to ``base`` into an S-blossom."""
        base_blossom = self.in_blossom[base]
        bv, bw = self.in_blossom[v], self.in_blossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[base_blossom] = b
        path: list[int] = []
        edges: list[Edge] = [(v, w)]
        while bv != base_blossom:
            self.parent[bv] = b
            path.append(bv)
            edges.append(self.label_edge[bv])
            v = self.label_edge[bv][0]
            bv = self.in_blossom[v]
        path.append(base_blossom)
        path.reverse()
        edges.reverse()
        while bw != base_blossom:
            self.parent[bw] = b
            path.append(bw)
            edge = self.label_edge[bw]
            edges.append((edge[1], edge[0]))
            w = edge[0]
            bw = self.in_blossom[w]
        self.children[b] = path
        self.child_edges[b] = edges
        self.label[b] = self.S
        self.label_edge[b] = self.label_edge[base_blossom]
        self.dual[b] = 0
        for vertex in self.leaves(b):
            if self.label[self.in_blossom[vertex]] == self.T:
                self.queue.append(vertex)
            self.in_blossom[vertex] = b
        nearest: dict[int, Edge] = {}
        for child in path:
            candidates = self.best_edges[child]
            self.best_edges[child] = None
            if candidates is None:
                candidates = [(x, y) for x in self.leaves(child) for y in self.neighbours[x]]
            for i, j in candidates:
                if self.in_blossom[j] == b:
                    i, j = j, i
                other = self.in_blossom[j]
                if (other != b and self.label[other] == self.S
                        and (other not in nearest or self.slack(i, j) < self.slack(*nearest[other]))):
                    nearest[other] = (i, j)
            self.best_edge[child] = NO_EDGE
        self.best_edges[b] = list(nearest.values())
        best = NO_EDGE
        for edge in nearest.values():
            if best == NO_EDGE or self.slack(*edge) < self.slack(*best):
                best = edge
        self.best_edge[b] = best

    def expand_blossom(self, b: int, end_of_stage: bool) -> None:
        """Turn blossom ``b``'s children back into top-level blossoms (relabelling them mid-stage)."""
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_of_stage)
            else:
                for vertex in self.leaves(child):
                    self.in_blossom[vertex] = child
        if not end_of_stage and self.label[b] == self.T:
            self._relabel_expanded_t_blossom(b)
        self.label[b] = self.FREE
        self.label_edge[b] = NO_EDGE
        self.best_edge[b] = NO_EDGE
        self.best_edges[b] = None
        self.children[b] = []
        self.child_edges[b] = []
        self.base[b] = -1
        self.dual[b] = 0
        self.unused.append(b)

    def _relabel_expanded_t_blossom(self, b: int) -> None:
        children, edges = self.children[b], self.child_edges[b]
        entry = self.in_blossom[self.label_edge[b][1]]
        j = children.index(entry)
        if j & 1:
            j -= len(children)
            step = 1
        else:
            step = -1
        v, w = self.label_edge[b]
        while j != 0:
            if step == 1:
                p, q = edges[j]
            else:
                q, p = edges[j - 1]
            self.label[w] = self.FREE
            self.label[q] = self.FREE
            self.assign_label(w, self.T, v)
            j += step
            if step == 1:
                v, w = edges[j]
            else:
                w, v = edges[j - 1]
            j += step
        child = children[j]
        self.label[w] = self.label[child] = self.T
        self.label_edge[w] = self.label_edge[child] = (v, w)
        self.best_edge[child] = NO_EDGE
        j += step
        while children[j] != entry:
            child = children[j]
            if self.label[child] == self.S:
                j += step
                continue
            reached = next((vertex for vertex in self.leaves(child) if self.label[vertex] != self.FREE), -1)
            if reached != -1:
                self.label[reached] = self.FREE
                self.label[self.mate[self.base[child]]] = self.FREE
                self.assign_label(reached, self.T, self.label_edge[reached][0])
            j += step

    # -- augmenting ------------------------------------------------------------------------

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges along the even path from vertex v to b's base; v becomes the base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, edges = self.children[b], self.child_edges[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step = 1
        else:
            step = -1
        while j != 0:
            j += step
            t = children[j]
            if step == 1:
                w, x = edges[j]
            else:
                x, w = edges[j - 1]
            if t >= self.n:
                self.augment_blossom(t, w)
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, x)
            self.mate[w] = x
            self.mate[x] = w
        self.children[b] = children[i:] + children[:i]
        self.child_edges[b] = edges[i:] + edges[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment_matching(self, v: int, w: int) -> None:
        """Flip the augmenting path that runs root … v – w … root."""
        for s, j in ((v, w), (w, v)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = j
                edge = self.label_edge[bs]
                if edge == NO_EDGE:
                    break
                bt = self.in_blossom[edge[0]]
                s, j = self.label_edge[bt]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = s

    # -- the main loop ---------------------------------------------------------------------

    def solve(self) -> list[int]:
        n = self.n
        while n:
            self.label = [self.FREE] * (2 * n)
            self.label_edge = [NO_EDGE] * (2 * n)
            self.best_edge = [NO_EDGE] * (2 * n)
            self.best_edges = [None] * (2 * n)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == self.FREE:
                    self.assign_label(v, self.S, -1)
            if not self._stage():
                return self.mate
            for b in range(n, 2 * n):
                if self.is_top_blossom(b) and self.label[b] == self.S and self.dual[b] == 0:
                    self.expand_blossom(b, True)
        return self.mate

    def _stage(self) -> bool:
        """Grow the forest and adjust the duals until an augmenting path is found (True) or
        the matching is optimal (False)."""
        while True:
            if self._scan_queue():
                return True
            delta, kind, edge, blossom = self._delta()
            for v in range(self.n):
                label = self.label[self.in_blossom[v]]
                if label == self.S:
                    self.dual[v] -= delta
                elif label == self.T:
                    self.dual[v] += delta
            for b in range(self.n, 2 * self.n):
                if self.is_top_blossom(b):
                    if self.label[b] == self.S:
                        self.dual[b] += delta
                    elif self.label[b] == self.T:
                        self.dual[b] -= delta
            if kind == 1:
                return False
            if kind in (2, 3):
                v, w = edge
                self.queue.append(v if self.label[self.in_blossom[v]] == self.S else w)
            else:
                self.expand_blossom(blossom, False)

    def _scan_queue(self) -> bool:
        while self.queue:
            v = self.queue.pop()
            for w in self.neighbours[v]:
                bv, bw = self.in_blossom[v], self.in_blossom[w]
                if bv == bw:
                    continue
                slack = self.slack(v, w)
                if slack <= 0:
                    if self.label[bw] == self.FREE:
                        self.assign_label(w, self.T, v)
                    elif self.label[bw] == self.S:
                        base = self.scan_blossom(v, w)
                        if base == -1:
                            self.augment_matching(v, w)
                            return True
                        self.add_blossom(base, v, w)
                    elif self.label[w] == self.FREE:
                        self.label[w] = self.T
                        self.label_edge[w] = (v, w)
                elif self.label[bw] == self.S:
                    if self.best_edge[bv] == NO_EDGE or slack < self.slack(*self.best_edge[bv]):
                        self.best_edge[bv] = (v, w)
                elif self.label[w] == self.FREE and (
                        self.best_edge[w] == NO_EDGE or slack < self.slack(*self.best_edge[w])):
                    self.best_edge[w] = (v, w)
        return False

    def _delta(self) -> tuple[int, int, Edge, int]:
        """The largest safe step of the duals, what happens at it (1 optimum, 2 an S–free edge
        tightens, 3 an S–S edge tightens, 4 a T-blossom's dual reaches 0), and that edge or blossom."""
        n = self.n
        delta, kind, edge, blossom = min(self.dual[:n]), 1, NO_EDGE, -1
        for v in range(n):
            candidate = self.best_edge[v]
            if self.label[self.in_blossom[v]] == self.FREE and candidate != NO_EDGE:
                slack = self.slack(*candidate)
                if slack < delta:
                    delta, kind, edge = slack, 2, candidate
        for b in range(2 * n):
            top = self.parent[b] == -1 and (b < n or self.base[b] != -1)
            candidate = self.best_edge[b]
            if top and self.label[b] == self.S and candidate != NO_EDGE:
                half = self.slack(*candidate) // 2  # even: both ends are S-vertices
                if half < delta:
                    delta, kind, edge = half, 3, candidate
        for b in range(n, 2 * n):
            if self.is_top_blossom(b) and self.label[b] == self.T and self.dual[b] < delta:
                delta, kind, blossom = self.dual[b], 4, b
        return delta, kind, edge, blossom
