"""The compiled loops of :mod:`maubinh.strategy.kernel` (numba, ``cache=True``, ``nogil=True``).

Call them through the typed wrappers of :mod:`maubinh.strategy.kernel`, which check and convert their
arguments (one type signature per loop, so each compiles once). They take plain arrays and numbers
only: a rule set arrives as the arrays of :mod:`maubinh.strategy.rule_arrays`. Not type-checked
(numba reads no annotations); ``# pragma: no cover``: coverage cannot see inside compiled code.
"""

import numpy as np
from numba import njit

_N5, _N3, _PER_BACK = 1287, 286, 56
_EPS = 1e-9  # bounds are widened by this much, so rounding never prunes the best back
_BUCKETS = 64

# --------------------------------------------------------------------------- subset values


@njit(cache=True, nogil=True)
def _value_hand(cards, terms5, terms3, keys5, classes5, keys3, classes3, mask5, mask3,  # pragma: no cover
                key5, class5, key3, class3):
    """Fill ``key5, class5`` (1287) and ``key3, class3`` (286) for one hand of 13 card indexes."""
    rank = np.empty(13, np.int64)
    suit = np.empty(13, np.int64)
    bit = np.empty(13, np.int64)
    for i in range(13):  # insertion sort by rank: subsets of sorted cards have sorted ranks
        r, s, b = cards[i] // 4, cards[i] % 4, 1 << i
        j = i
        while j > 0 and rank[j - 1] > r:
            rank[j], suit[j], bit[j] = rank[j - 1], suit[j - 1], bit[j - 1]
            j -= 1
        rank[j], suit[j], bit[j] = r, s, b
    for a in range(9):
        ia, ma, sa = terms5[0, rank[a]], bit[a], suit[a]
        for b in range(a + 1, 10):
            ib, mb, fb = ia + terms5[1, rank[b] + 1], ma | bit[b], suit[b] == sa
            for c in range(b + 1, 11):
                ic, mc, fc = ib + terms5[2, rank[c] + 2], mb | bit[c], fb and suit[c] == sa
                for d in range(c + 1, 12):
                    id_, md, fd = ic + terms5[3, rank[d] + 3], mc | bit[d], fc and suit[d] == sa
                    for e in range(d + 1, 13):
                        index = id_ + terms5[4, rank[e] + 4]
                        row = 1 if fd and suit[e] == sa else 0
                        k = mask5[md | bit[e]]
                        key5[k] = keys5[row, index]
                        class5[k] = classes5[row, index]
    for a in range(11):
        for b in range(a + 1, 12):
            ib = terms3[0, rank[a]] + terms3[1, rank[b] + 1]
            for c in range(b + 1, 13):
                index = ib + terms3[2, rank[c] + 2]
                k = mask3[bit[a] | bit[b] | bit[c]]
                key3[k] = keys3[index]
                class3[k] = classes3[index]


@njit(cache=True, nogil=True)
def _value_sorted(cards, terms5, terms3, keys5, classes5, keys3, classes3,  # pragma: no cover
                  key5, class5, key3, class3, perm, terms):
    """As :func:`_value_hand`, with the hand's cards first sorted by rank: subset ``k`` is the ``k``-th
    combination of the *sorted* positions (``perm[i]``: the hand position of sorted card ``i``), so the
    values come out in order and without a mask lookup. ``terms (5, 13)`` is work space."""
    rank = np.empty(13, np.int64)
    suit = np.empty(13, np.int64)
    for i in range(13):
        r, s = cards[i] // 4, cards[i] % 4
        j = i
        while j > 0 and rank[j - 1] > r:
            rank[j], suit[j], perm[j] = rank[j - 1], suit[j - 1], perm[j - 1]
            j -= 1
        rank[j], suit[j], perm[j] = r, s, i
    for k in range(5):
        for i in range(13):
            terms[k, i] = terms5[k, rank[i] + k]
    n = 0
    for a in range(9):
        ia, sa = terms[0, a], suit[a]
        for b in range(a + 1, 10):
            ib, fb = ia + terms[1, b], suit[b] == sa
            for c in range(b + 1, 11):
                ic, fc = ib + terms[2, c], fb and suit[c] == sa
                for d in range(c + 1, 12):
                    id_, fd = ic + terms[3, d], fc and suit[d] == sa
                    for e in range(d + 1, 13):
                        index = id_ + terms[4, e]
                        row = 1 if fd and suit[e] == sa else 0
                        key5[n] = keys5[row, index]
                        class5[n] = classes5[row, index]
                        n += 1
    n = 0
    for a in range(11):
        for b in range(a + 1, 12):
            ib = terms3[0, rank[a]] + terms3[1, rank[b] + 1]
            for c in range(b + 1, 13):
                index = ib + terms3[2, rank[c] + 2]
                key3[n] = keys3[index]
                class3[n] = classes3[index]
                n += 1


@njit(cache=True, nogil=True)
def _hand_row(r, splits, perm, bits5, mask5, rest8):  # pragma: no cover
    """The hand-order row of :data:`~maubinh.strategy.vector.SPLITS` of row ``r`` in sorted-card order."""
    back, middle = 0, 0
    sorted_back, sorted_middle = bits5[r // _PER_BACK], bits5[splits[r, 0]]
    for i in range(13):
        if sorted_back >> i & 1:
            back |= 1 << perm[i]
        elif sorted_middle >> i & 1:
            middle |= 1 << perm[i]
    pattern, t = 0, 0
    for i in range(13):
        if not back >> i & 1:
            if middle >> i & 1:
                pattern |= 1 << t
            t += 1
    return mask5[back] * _PER_BACK + rest8[pattern]


@njit(cache=True, nogil=True)
def value_batch(cards, terms5, terms3, keys5, classes5, keys3, classes3, mask5, mask3,  # pragma: no cover
                 key5, class5, key3, class3):
    for h in range(cards.shape[0]):
        _value_hand(cards[h], terms5, terms3, keys5, classes5, keys3, classes3, mask5, mask3,
                    key5[h], class5[h], key3[h], class3[h])


# --------------------------------------------------------------------------- the solver


@njit(cache=True, nogil=True)
def _in_order(b, m, f, tie_bm, tie_mf):  # pragma: no cover
    return (b > m or (tie_bm and b == m)) and (m > f or (tie_mf and m == f))


@njit(cache=True, nogil=True)
def _sort_by_class(classes, n, order, count, kinds):  # pragma: no cover
    """Stable counting sort of positions ``0..n-1`` by ``classes`` (each < ``kinds``), into ``order``;
    ``count (kinds + 1,)`` work space. (One pass over the ~7,500 classes beats two radix passes: x1.05.)"""
    for i in range(kinds + 1):
        count[i] = 0
    for i in range(n):
        count[classes[i] + 1] += 1
    for i in range(kinds):
        count[i + 1] += count[i]
    for i in range(n):
        c = classes[i]
        order[count[c]] = i
        count[c] += 1


@njit(cache=True, nogil=True)
def _running(order, classes, keys, n, table, at, scooping, sorted_keys, run):  # pragma: no cover
    """Over the subsets in ``order`` (weakest first): their keys into ``sorted_keys``, and into ``run (5, n)`` the
    running maxima of net, win and won and the running minima of lose and lost, read from ``table``'s columns
    ``at`` (net), ``at + 1`` (win), ``at + 2`` (lose), ``at + 4`` (lost), ``at + 5`` (won) of each subset's class."""
    net, win, won = -np.inf, 0.0, 0.0
    lose, lost = np.inf, np.inf
    for i in range(n):
        s = order[i]
        c = classes[s]
        sorted_keys[i] = keys[s]
        if scooping:
            win = max(win, table[c, at + 1])
            won = max(won, table[c, at + 5])
            lose = min(lose, table[c, at + 2])
            lost = min(lost, table[c, at + 4])
            run[3, i], run[4, i] = lose, lost
        net = max(net, table[c, at])
        run[0, i], run[1, i], run[2, i] = net, win, won


@njit(cache=True, nogil=True)
def _solve_hand(key5, class5, key3, class3, five, three, scoop, tie_bm, tie_mf, splits,  # pragma: no cover
                run5, run3, bound, i5, i3, count, perm, bits5, mask5, rest8, floor):
    """The best split of one valued hand and its score: ``(row, score)``.

    The hand's subsets are in sorted-card order (:func:`_value_sorted`, ``perm``); the row returned is
    in hand order. The score of a split is the numpy path's (:func:`maubinh.strategy.solver.split_scores`),
    computed in the same order, so the scores are equal to the last bit; ties go to the lowest row in
    hand order, as there. ``five (n5, 12)`` and ``three (n3, 6)`` are the tables' values per class
    (:class:`~maubinh.strategy.rule_arrays.SolverArrays`). The other arguments are work space:
    ``run5 (5, 1287)`` and ``run3 (5, 286)`` running maxima (and minima), ``bound (1287,)``,
    ``i5 (6, 1287)``, ``i3 (3, 286)``, ``count`` (longer than the classes of either size and the buckets).
    ``floor``: bound the scoop term with its losing side too (``False``: the win side only, the bound before;
    the same split either way, a bench's baseline).
    """
    scooping = scoop != 1
    extra = scoop - 1.0
    # Subsets sorted by value (class), then running maxima over weaker subsets of the middle's and the front's
    # net, win and won (and minima of lose and lost). A subset's values are read from its class's row of the
    # tables where needed (copying them per subset first cost more than it saved: x1.07 without).
    order5, tmp5, sorted5, end5, below5 = i5[0], i5[1], i5[2], i5[4], i5[5]
    order3, end3, sorted3 = i3[0], i3[1], i3[2]
    _sort_by_class(class5, _N5, order5, count, five.shape[0])
    _sort_by_class(class3, _N3, order3, count, three.shape[0])
    _running(order5, class5, key5, _N5, five, 6, scooping, sorted5, run5)  # the middle's columns
    _running(order3, class3, key3, _N3, three, 0, scooping, sorted3, run3)
    # Where each subset's key ends in the sorted order (its group of equal keys), per subset.
    last = _N3 - 1
    for i in range(_N3 - 1, -1, -1):
        if i < _N3 - 1 and sorted3[i] != sorted3[i + 1]:
            last = i
        end3[order3[i]] = last
    # A cheap bound per back: the best middle and front among all weaker subsets, disjoint or not. The
    # scoop term p_win * won - p_lose * lost: p_win * won = wb wm wf (Mb + Mm + Mf) is at most
    # wb (Mb Wm Wf + Om Wf + Wm Of), with W the largest chance to win and O the largest chi won there; and
    # p_lose * lost = lb lm lf (Lb + Lm + Lf) is at least lb Nm Nf (Lb + Km + Kf), with N the smallest chance
    # to lose and K the smallest chi lost there (every factor >= 0). A weak hand's scoop risk is most of its
    # score: without that floor its bound pruned nothing (x1.6 on the scooping rule sets, bench/solve_speed.py).
    j = -1
    i = 0
    top, low = -np.inf, np.inf
    while i < _N5:
        g = i
        while g + 1 < _N5 and sorted5[g + 1] == sorted5[i]:
            g += 1
        while j + 1 < _N3 and sorted3[j + 1] <= sorted5[i]:
            j += 1
        for q in range(i, g + 1):
            s = order5[q]
            end5[s], below5[s] = g, j  # its group's last position; the last front at most its key
            c = class5[s]
            value = -np.inf
            if j >= 0:
                value = five[c, 0] + run5[0, g] + run3[0, j]
                if scooping:
                    value += extra * five[c, 1] * (five[c, 3] * run5[1, g] * run3[1, j] + run5[2, g] * run3[1, j]
                                                   + run5[1, g] * run3[2, j])
                    if floor:
                        value -= extra * (five[c, 2] * run5[3, g] * run3[3, j]) * (five[c, 4] + run5[4, g] + run3[4, j])
            bound[s] = value + _EPS
            top = max(top, value)
            if value < low and value > -np.inf:
                low = value
        i = g + 1
    # Backs in buckets of their bound, best bucket first (no full sort needed).
    width = (top - low) / (_BUCKETS - 1) if top > low else 1.0
    per = 1.0 / width  # multiplied, not divided, per back (the 2 eps of the break below cover its rounding)
    for k in range(_BUCKETS + 1):
        count[k] = 0
    bucket = i5[3]
    for s in range(_N5):
        b = _BUCKETS - 1 if bound[s] == -np.inf else min(_BUCKETS - 1, int((top + _EPS - bound[s]) * per))
        bucket[s] = b
        count[b + 1] += 1
    for k in range(_BUCKETS):
        count[k + 1] += count[k]
    visit = tmp5
    for s in range(_N5):
        visit[count[bucket[s]]] = s
        count[bucket[s]] += 1
    best, best_row, best_hand_row = -np.inf, -1, -1
    for q in range(_N5):
        b = visit[q]
        if top + 2 * _EPS - bucket[b] * width < best:
            break  # every later bucket is below the best split found
        if bound[b] < best:
            continue
        first = b * _PER_BACK
        # The tight bound: the middle and front can be no stronger than the best of the other 8 cards.
        # (The last position at most a cap is the end of the cap's own group: the caps are keys of this hand.)
        best_m, best_f, arg_m, arg_f = -1, -1, -1, -1
        for r in range(first, first + _PER_BACK):
            m, f = splits[r, 0], splits[r, 1]
            if key5[m] > best_m:
                best_m, arg_m = key5[m], m
            if key3[f] > best_f:
                best_f, arg_f = key3[f], f
        cap = b if key5[b] <= best_m else arg_m  # the subset whose key caps the middle
        pm = end5[cap]
        pf = end3[arg_f] if best_f <= key5[cap] else below5[cap]
        if pf < 0:
            continue
        row_b = five[class5[b]]  # the back's values: net, win, lose, mean won, mean lost
        net_b, win_b, lose_b, won_b, lost_b = row_b[0], row_b[1], row_b[2], row_b[3], row_b[4]
        scoop_cap = 0.0  # the most the scoop term can add to a split of this back
        if scooping:
            scoop_cap = extra * win_b * (won_b * run5[1, pm] * run3[1, pf] + run5[2, pm] * run3[1, pf]
                                         + run5[1, pm] * run3[2, pf])
            if floor:
                scoop_cap -= extra * (lose_b * run5[3, pm] * run3[3, pf]) * (lost_b + run5[4, pm] + run3[4, pf])
            scoop_cap += _EPS
        if net_b + run5[0, pm] + run3[0, pf] + scoop_cap + _EPS < best:
            continue
        kb = key5[b]
        for r in range(first, first + _PER_BACK):  # every split scored, legality last: no branch to mispredict
            m, f = splits[r, 0], splits[r, 1]
            km, kf = key5[m], key3[f]
            legal = ((kb > km) | (tie_bm & (kb == km))) & ((km > kf) | (tie_mf & (km == kf)))
            cm, cf = class5[m], class3[f]
            score = net_b + five[cm, 6] + three[cf, 0]
            if not legal or score + scoop_cap < best:
                continue
            if scooping:
                p_win = win_b * five[cm, 7] * three[cf, 1]
                p_lose = lose_b * five[cm, 8] * three[cf, 2]
                won = won_b + five[cm, 9] + three[cf, 3]
                lost = lost_b + five[cm, 10] + three[cf, 4]
                score = score + extra * (p_win * won - p_lose * lost)
            if not legal or score < best:
                continue
            if score > best:
                best, best_row, best_hand_row = score, r, -1
            elif score == best:
                if best_hand_row < 0:
                    best_hand_row = _hand_row(best_row, splits, perm, bits5, mask5, rest8)
                hand_row = _hand_row(r, splits, perm, bits5, mask5, rest8)
                if hand_row < best_hand_row:
                    best_row, best_hand_row = r, hand_row
    return best_row, best


@njit(cache=True, nogil=True)
def solve_batch(cards, terms5, terms3, keys5, classes5, keys3, classes3, mask5, bits5, rest8,  # pragma: no cover
                 five, three, scoop, tie_bm, tie_mf, splits, rows, scores, chosen_keys, chosen_classes, floor):
    key5 = np.empty(_N5, np.int64)
    class5 = np.empty(_N5, np.int64)
    key3 = np.empty(_N3, np.int64)
    class3 = np.empty(_N3, np.int64)
    perm = np.empty(13, np.int64)
    terms = np.empty((5, 13), np.int64)
    run5 = np.empty((5, _N5))
    run3 = np.empty((5, _N3))
    bound = np.empty(_N5)
    i5 = np.empty((6, _N5), np.int64)
    i3 = np.empty((3, _N3), np.int64)
    count = np.empty(max(five.shape[0], three.shape[0], _BUCKETS) + 1, np.int64)
    for h in range(cards.shape[0]):
        _value_sorted(cards[h], terms5, terms3, keys5, classes5, keys3, classes3, key5, class5, key3, class3,
                      perm, terms)
        row, score = _solve_hand(key5, class5, key3, class3, five, three, scoop, tie_bm, tie_mf, splits,
                                 run5, run3, bound, i5, i3, count, perm, bits5, mask5, rest8, floor)
        rows[h], scores[h] = _hand_row(row, splits, perm, bits5, mask5, rest8), score
        b = row // _PER_BACK
        m, f = splits[row, 0], splits[row, 1]
        chosen_keys[h, 0], chosen_keys[h, 1], chosen_keys[h, 2] = key5[b], key5[m], key3[f]
        chosen_classes[h, 0], chosen_classes[h, 1], chosen_classes[h, 2] = class5[b], class5[m], class3[f]


# --------------------------------------------------------------------------- settlement


@njit(cache=True, nogil=True)
def _chi(position, mine, theirs, c_mine, c_theirs, pay5, family5, pay3, family3, clash):  # pragma: no cover
    """One chi between two hands: ``(amount, bonus part, clash part)`` won by the first (negative: paid)."""
    if mine == theirs:
        return 0, 0, 0
    sign = 1 if mine > theirs else -1
    w, lo = (c_mine, c_theirs) if sign > 0 else (c_theirs, c_mine)
    if position < 2:
        pay, fw, fl = pay5[position, w], family5[position, w], family5[position, lo]
    else:
        pay, fw, fl = pay3[w], family3[w], family3[lo]
    if clash != 1 and fw > 0 and fw == fl:
        return sign * pay * clash, sign * pay, sign * pay * (clash - 1)
    return sign * pay, sign * pay, 0


@njit(cache=True, nogil=True)
def _four_aces_won(position, winner_class, aces5, aces3):  # pragma: no cover
    return aces5[position, winner_class] if position < 2 else aces3[winner_class]


@njit(cache=True, nogil=True)
def settle_batch(keys, classes, fouls, aces, declared, natural_pairs,  # pragma: no cover
                  pay5, family5, aces5, pay3, family3, aces3, params, factors,
                  totals, sources, events, scoops):
    """Settle tables: ``keys, classes (D, S, 3)``, ``fouls, aces, declared (D, S)`` (declared: an instant
    win is declared), ``natural_pairs (D, S, S)`` (what seat a takes from seat b when either declares).
    Fills ``totals (D, S)``, ``sources (D, S, 7)`` (plain, bonus, clash, natural, foul, scoop, aces),
    ``events (D, 3)`` (instant wins, pairs scooped, fouled seats) and ``scoops (D, S)`` (seats each scooped)."""
    chi_win, penalty, clash = params[0], params[1], params[2]
    aces_on, exclude, scoop_on = params[3], params[4], params[5]
    n_tables, seats = keys.shape[0], keys.shape[1]
    pair_chi = np.zeros((seats, seats), np.int64)
    pair_sign = np.zeros((seats, seats), np.int64)
    won_aces = np.zeros((seats, seats), np.int64)
    scooped = np.zeros(seats, np.int64)
    for d in range(n_tables):
        for s in range(seats):
            scooped[s] = 0
            for k in range(7):
                sources[d, s, k] = 0
        for a in range(seats):
            for b in range(a + 1, seats):
                pair_chi[a, b], pair_sign[a, b], won_aces[a, b], won_aces[b, a] = 0, 0, 0, 0
                if declared[d, a] or declared[d, b]:
                    amount = natural_pairs[d, a, b]
                    sources[d, a, 3] += amount
                    sources[d, b, 3] -= amount
                elif fouls[d, a] or fouls[d, b]:
                    if not (fouls[d, a] and fouls[d, b]):
                        amount = -penalty if fouls[d, a] else penalty
                        sources[d, a, 4] += amount
                        sources[d, b, 4] -= amount
                else:
                    wins, losses, subtotal = 0, 0, 0
                    for p in range(3):
                        amount, bonus, extra = _chi(p, keys[d, a, p], keys[d, b, p], classes[d, a, p],
                                                    classes[d, b, p], pay5, family5, pay3, family3, clash)
                        if amount != 0:
                            plain = chi_win if amount > 0 else -chi_win
                            sources[d, a, 0] += plain
                            sources[d, b, 0] -= plain
                            sources[d, a, 1] += bonus - plain
                            sources[d, b, 1] -= bonus - plain
                            sources[d, a, 2] += extra
                            sources[d, b, 2] -= extra
                            subtotal += amount
                            if amount > 0:
                                wins += 1
                                won_aces[a, b] += _four_aces_won(p, classes[d, a, p], aces5, aces3)
                            else:
                                losses += 1
                                won_aces[b, a] += _four_aces_won(p, classes[d, b, p], aces5, aces3)
                    pair_chi[a, b] = subtotal
                    if scoop_on and wins == 3:
                        pair_sign[a, b] = 1
                        scooped[a] += 1
                    elif scoop_on and losses == 3:
                        pair_sign[a, b] = -1
                        scooped[b] += 1
        n_naturals, n_fouls, pairs_scooped = 0, 0, 0
        for s in range(seats):
            n_naturals += declared[d, s]
            n_fouls += fouls[d, s]
        for a in range(seats):
            for b in range(a + 1, seats):
                if pair_sign[a, b] != 0:
                    winner = a if pair_sign[a, b] > 0 else b
                    amount = pair_chi[a, b] * (factors[seats - 1, scooped[winner]] - 1)
                    sources[d, a, 5] += amount
                    sources[d, b, 5] -= amount
                    pairs_scooped += 1
                if aces_on:
                    count_a, count_b = aces[d, a], aces[d, b]
                    if exclude:
                        count_a -= 4 * min(1, won_aces[a, b])
                        count_b -= 4 * min(1, won_aces[b, a])
                    amount = (count_a - count_b) * chi_win
                    sources[d, a, 6] += amount
                    sources[d, b, 6] -= amount
        for s in range(seats):
            total = 0
            for k in range(7):
                total += sources[d, s, k]
            totals[d, s] = total
            scoops[d, s] = scooped[s]
        events[d, 0], events[d, 1], events[d, 2] = n_naturals, pairs_scooped, n_fouls


# --------------------------------------------------------------------------- one hand against many tables

LINES = 14
"""Columns of :func:`split_totals`' lines: back, middle, front, scoop, foul, instant wins, aces (chi); then
the opponents compared chi by chi, and per chi the opponents it won against (8-10) and lost to (11-13)."""


@njit(cache=True, nogil=True)
def _split_deal(b, m, f, key5, class5, key3, class3, foul, my_aces,  # pragma: no cover
                opp_keys, opp_classes, opp_fouls, opp_aces, natural_any, natural_chi, among, d,
                pay5, family5, aces5, pay3, family3, aces3, params, factors, lines):
    """One split's chi in deal ``d`` against its ``m`` opponents (:func:`settle_facts` seen from me, with the
    opponents' scoops among themselves given by ``among``); fills ``lines`` (:data:`LINES`), returns the total."""
    chi_win, penalty, clash = params[0], params[1], params[2]
    aces_on, exclude, scoop_on = params[3], params[4], params[5]
    n = opp_keys.shape[1]
    for k in range(LINES):
        lines[k] = 0
    mine_k = (key5[b], key5[m], key3[f])
    mine_c = (class5[b], class5[m], class3[f])
    my_scoops = 0
    if scoop_on and not foul:
        for j in range(n):
            if not natural_any[d, j] and not opp_fouls[d, j]:
                wins = 0
                for p in range(3):
                    wins += mine_k[p] > opp_keys[d, j, p]
                my_scoops += wins == 3
    total = 0
    for j in range(n):
        if natural_any[d, j]:
            lines[5] += natural_chi[d, j]
            total += natural_chi[d, j]
        elif foul or opp_fouls[d, j]:
            if not (foul and opp_fouls[d, j]):
                amount = -penalty if foul else penalty
                lines[4] += amount
                total += amount
        else:
            wins, losses, subtotal = 0, 0, 0
            mine_fa, theirs_fa = 0, 0
            for p in range(3):
                amount, _, _ = _chi(p, mine_k[p], opp_keys[d, j, p], mine_c[p], opp_classes[d, j, p],
                                    pay5, family5, pay3, family3, clash)
                lines[p] += amount
                subtotal += amount
                if amount > 0:
                    wins += 1
                    lines[8 + p] += 1
                    mine_fa += _four_aces_won(p, mine_c[p], aces5, aces3)
                elif amount < 0:
                    losses += 1
                    lines[11 + p] += 1
                    theirs_fa += _four_aces_won(p, opp_classes[d, j, p], aces5, aces3)
            total += subtotal
            lines[7] += 1
            if scoop_on and wins == 3:
                extra = subtotal * (factors[n, my_scoops] - 1)
                lines[3] += extra
                total += extra
            elif scoop_on and losses == 3:
                extra = subtotal * (factors[n, among[d, j] + 1] - 1)
                lines[3] += extra
                total += extra
            if aces_on and exclude:
                adjust = (4 * min(1, theirs_fa) - 4 * min(1, mine_fa)) * chi_win
                lines[6] += adjust
                total += adjust
        if aces_on:
            amount = (my_aces - opp_aces[d, j]) * chi_win
            lines[6] += amount
            total += amount
    return total


@njit(cache=True, nogil=True)
def split_totals(splits_b, splits_m, splits_f, key5, class5, key3, class3, declared, my_aces,  # pragma: no cover
                  opp_keys, opp_classes, opp_fouls, opp_aces, natural_any, natural_chi, among,
                  pay5, family5, aces5, pay3, family3, aces3, params, factors, out_totals, out_lines):
    """Per split and deal: the total (``out_totals (n, D)``) and the lines (``out_lines (n, D, LINES)``)."""
    tie_bm, tie_mf = params[6], params[7]
    lines = np.zeros(LINES, np.int64)
    for i in range(splits_b.shape[0]):
        b, m, f = splits_b[i], splits_m[i], splits_f[i]
        foul = not declared and not _in_order(key5[b], key5[m], key3[f], tie_bm, tie_mf)
        for d in range(opp_keys.shape[0]):
            out_totals[i, d] = _split_deal(b, m, f, key5, class5, key3, class3, foul, my_aces,
                                           opp_keys, opp_classes, opp_fouls, opp_aces, natural_any, natural_chi,
                                           among, d, pay5, family5, aces5, pay3, family3, aces3, params, factors,
                                           lines)
            for k in range(LINES):
                out_lines[i, d, k] = lines[k]


@njit(cache=True, nogil=True)
def split_sums(rows, splits, key5, class5, key3, class3, declared, my_aces,  # pragma: no cover
               opp_keys, opp_classes, opp_fouls, opp_aces, natural_any, natural_chi, among,
               pay5, family5, aces5, pay3, family3, aces3, params, factors, out):
    """The summed chi over all deals of each split in ``rows`` (rows of SPLITS), deal by deal (any table size)."""
    tie_bm, tie_mf = params[6], params[7]
    lines = np.zeros(LINES, np.int64)
    for i in range(rows.shape[0]):
        r = rows[i]
        b, m, f = r // _PER_BACK, splits[r, 0], splits[r, 1]
        foul = not declared and not _in_order(key5[b], key5[m], key3[f], tie_bm, tie_mf)
        total = 0
        for d in range(opp_keys.shape[0]):
            total += _split_deal(b, m, f, key5, class5, key3, class3, foul, my_aces,
                                 opp_keys, opp_classes, opp_fouls, opp_aces, natural_any, natural_chi,
                                 among, d, pay5, family5, aces5, pay3, family3, aces3, params, factors, lines)
        out[i] = total


_BLOCK = 256


@njit(cache=True, nogil=True)
def _fill_chi(p, n, keys, classes, start, width, compared, opp_keys, opp_classes, adjust_aces,  # pragma: no cover
              pay5, family5, aces5, pay3, family3, aces3, clash, chi, four_aces):
    """Each subset's chi in position ``p`` against the opponents ``start .. start + width`` (``chi``), and
    per subset the opponents against whom my four aces were paid minus those whose were (``four_aces``)."""
    for s in range(n):
        won = 0
        for o in range(width):
            amount = 0
            if compared[o]:
                d = start + o
                amount, _, _ = _chi(p, keys[s], opp_keys[d, 0, p], classes[s], opp_classes[d, 0, p],
                                    pay5, family5, pay3, family3, clash)
                if adjust_aces and amount > 0:
                    won += _four_aces_won(p, classes[s], aces5, aces3)
                elif adjust_aces and amount < 0:
                    won -= _four_aces_won(p, opp_classes[d, 0, p], aces5, aces3)
            chi[s, o] = amount
        four_aces[s] = won


@njit(cache=True, nogil=True)
def heads_up_sums(rows, splits, key5, class5, key3, class3, my_aces,  # pragma: no cover
                   opp_keys, opp_classes, opp_fouls, opp_aces, natural_any, natural_chi,
                   pay5, family5, aces5, pay3, family3, aces3, params, factors, out):
    """The chi over ``D`` heads-up deals of each legal split in ``rows``, summed (a hand that declares no
    instant win): each subset's chi against every opponent is worked out once, then added up per split."""
    chi_win, penalty, clash = params[0], params[1], params[2]
    aces_on, exclude, scoop_on = params[3], params[4], params[5]
    n_deals = opp_keys.shape[0]
    chi_b = np.zeros((_N5, _BLOCK), np.int32)
    chi_m = np.zeros((_N5, _BLOCK), np.int32)
    chi_f = np.zeros((_N3, _BLOCK), np.int32)
    fa_b = np.zeros(_N5, np.int64)
    fa_m = np.zeros(_N5, np.int64)
    fa_f = np.zeros(_N3, np.int64)
    compared = np.zeros(_BLOCK, np.bool_)
    factor = np.int32(factors[1, 1] if scoop_on else 1)
    adjust_aces = aces_on and exclude
    for i in range(rows.shape[0]):
        out[i] = 0
    for start in range(0, n_deals, _BLOCK):
        width = min(n_deals, start + _BLOCK) - start
        constant = 0
        for o in range(width):
            d = start + o
            compared[o] = not natural_any[d, 0] and not opp_fouls[d, 0]
            if natural_any[d, 0]:
                constant += natural_chi[d, 0]
            elif opp_fouls[d, 0]:
                constant += penalty
            if aces_on:
                constant += (my_aces - opp_aces[d, 0]) * chi_win
        _fill_chi(0, _N5, key5, class5, start, width, compared, opp_keys, opp_classes, adjust_aces,
                  pay5, family5, aces5, pay3, family3, aces3, clash, chi_b, fa_b)
        _fill_chi(1, _N5, key5, class5, start, width, compared, opp_keys, opp_classes, adjust_aces,
                  pay5, family5, aces5, pay3, family3, aces3, clash, chi_m, fa_m)
        _fill_chi(2, _N3, key3, class3, start, width, compared, opp_keys, opp_classes, adjust_aces,
                  pay5, family5, aces5, pay3, family3, aces3, clash, chi_f, fa_f)
        for i in range(rows.shape[0]):
            r = rows[i]
            b, m, f = r // _PER_BACK, splits[r, 0], splits[r, 1]
            total = constant - 4 * chi_win * (fa_b[b] + fa_m[m] + fa_f[f])
            row_b, row_m, row_f = chi_b[b], chi_m[m], chi_f[f]
            acc = np.int32(0)
            for o in range(width):
                x, y, z = row_b[o], row_m[o], row_f[o]
                t = x + y + z
                same = ((x > 0) & (y > 0) & (z > 0)) | ((x < 0) & (y < 0) & (z < 0))
                acc += t * factor if same else t
            out[i] += total + acc




# --------------------------------------------------------------------------- dealing

_MT_N, _MT_M = 624, 397


@njit(cache=True, nogil=True)
def _twist(mt):  # pragma: no cover
    """The Mersenne Twister's next 624 words, in place (CPython's ``genrand_uint32`` refill)."""
    for kk in range(_MT_N):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % _MT_N] & 0x7FFFFFFF)
        mt[kk] = mt[(kk + _MT_M) % _MT_N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)


@njit(cache=True, nogil=True)
def pool_samples(mt, pos, population, k, out):  # pragma: no cover
    """``out[s] = random.sample(population, k)`` for every row ``s``, drawn one after another from a generator
    whose state is ``mt`` (its 624 words, as int64) and ``pos`` (CPython's ``Random.getstate()``), by CPython's
    pool method (``_randbelow`` by rejection from ``getrandbits(bit_length)``). ``mt`` is advanced in place; the
    position reached is returned."""
    n = population.shape[0]
    pool = np.empty(n, np.int64)
    for s in range(out.shape[0]):
        for i in range(n):
            pool[i] = population[i]
        for i in range(k):
            m = n - i
            bits = 0
            while (1 << bits) <= m:
                bits += 1
            while True:
                if pos >= _MT_N:
                    _twist(mt)
                    pos = 0
                y = mt[pos]
                pos += 1
                y ^= y >> 11
                y ^= (y << 7) & 0x9D2C5680
                y ^= (y << 15) & 0xEFC60000
                y ^= y >> 18
                r = y >> (32 - bits)
                if r < m:
                    break
            out[s, i] = pool[r]
            pool[r] = pool[m - 1]
    return pos
