/* The search of _endgame.c, included there twice: compiled for any x86-64 (or other)
 * processor, and for those with the BMI2 and POPCNT instructions (cards counted, and
 * the ranks of a suit compressed to its live cards, in one instruction each), chosen
 * when the module loads.  F(name) names each function for its build. */

#ifdef __POPCNT__
#define PC(x) __builtin_popcountll(x)
#else
#define PC(x) popcount(x)
#endif

/* the top card of each run among ``legal`` (cards of ``hand``), runs within ``live`` */
#ifdef __BMI2__
static int F(tops)(u64 legal, u64 hand, u64 live, int *out) {
    int n = 0;
    for (int suit = 3; suit >= 0; suit--) {
        int sh = 13 * suit;
        u64 lg = (legal >> sh) & SUIT_MASK;
        if (!lg) continue;
        u64 l = (live >> sh) & SUIT_MASK;
        u64 ch = _pext_u64((hand >> sh) & SUIT_MASK, l); /* the hand among the live cards */
        u64 t = _pdep_u64(ch & ~(ch >> 1), l) & lg;      /* whose next one up is not his */
        while (t) {
            int c = highbit(t);
            t &= ~(1ull << c);
            out[n++] = c + sh;
        }
    }
    return n;
}
#else
static int F(tops)(u64 legal, u64 hand, u64 live, int *out) {
    int n = 0;
    while (legal) {
        int c = highbit(legal);
        legal &= ~(1ull << c);
        u64 above = live & suit_of(c) & ~((2ull << c) - 1);
        if (above && (hand >> lowbit(above) & 1)) continue; /* the next live card up is ours */
        out[n++] = c;
    }
    return n;
}
#endif

/* the hands with the ranks of each suit compressed to the live cards, from the top
 * down (the ace stays the ace, the next live card becomes the king...): positions
 * alike but for the ranks of cards gone take the same tricks, and share an entry */
#ifdef __BMI2__
static void F(norm)(const u64 *h, u64 *out) {
    u64 live = h[0] | h[1] | h[2] | h[3];
    out[0] = out[1] = out[2] = out[3] = 0;
    for (int suit = 0; suit < 4; suit++) {
        int sh = 13 * suit;
        u64 l = (live >> sh) & SUIT_MASK;
        int up = 13 - PC(l);
        for (int i = 0; i < 4; i++) out[i] |= (_pext_u64((h[i] >> sh) & SUIT_MASK, l) << up) << sh;
    }
}
#else
static void F(norm)(const u64 *h, u64 *out) {
    out[0] = out[1] = out[2] = out[3] = 0;
    u64 live = h[0] | h[1] | h[2] | h[3];
    for (int suit = 0; suit < 4; suit++) {
        u64 l = live & (SUIT_MASK << (13 * suit));
        int to = 13 * suit + 12;
        while (l) {
            int c = highbit(l);
            u64 bit = 1ull << c;
            l &= ~bit;
            u64 put = 1ull << to--;
            if (h[0] & bit) out[0] |= put;
            else if (h[1] & bit) out[1] |= put;
            else if (h[2] & bit) out[2] |= put;
            else out[3] |= put;
        }
    }
}
#endif

/* a card's compressed rank (within ``live``; expand() is the way back) */
static inline int F(compress)(int card, u64 live) {
    u64 above = live & suit_of(card) & ~((2ull << card) - 1);
    return 13 * (card / 13) + 12 - PC(above);
}

/* the relevant cards ``rel`` of a position with ``live`` cards, ranks compressed: in
 * each suit, every live card from the top down to the lowest relevant one */
static u64 F(compress_rel)(u64 rel, u64 live) {
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 r = (rel >> (13 * suit)) & SUIT_MASK;
        if (!r) continue;
        u64 l = (live >> (13 * suit)) & SUIT_MASK;
        int k = count13[l & ~((1u << lowbit(r)) - 1)];
        out |= ((SUIT_MASK << (13 - k)) & SUIT_MASK) << (13 * suit);
    }
    return out;
}

/* and back: compressed relevant cards as the live cards of a position */
static u64 F(expand_rel)(u64 packed, u64 live) {
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        int k = count13[(packed >> (13 * suit)) & SUIT_MASK];
        u64 l = live & (SUIT_MASK << (13 * suit));
        for (; k > 0 && l; k--) {
            u64 bit = 1ull << highbit(l);
            out |= bit;
            l &= ~bit;
        }
    }
    return out;
}

/* the top live cards of ``suit`` held by ``hand`` in a row (as a mask) */
static inline u64 F(top_run)(u64 hand, u64 live, int suit) {
    u64 l = live & (SUIT_MASK << (13 * suit));
    u64 run = 0;
    while (l) {
        u64 bit = 1ull << highbit(l);
        if (!(hand & bit)) break;
        run |= bit;
        l &= ~bit;
    }
    return run;
}

/* the ``k`` highest cards of ``cards`` */
static inline u64 F(highest)(u64 cards, int k) {
    u64 out = 0;
    for (; k > 0 && cards; k--) {
        u64 bit = 1ull << highbit(cards);
        out |= bit;
        cards &= ~bit;
    }
    return out;
}

/* the trumps of ``hand`` above every trump of the other side (``theirs``), each of
 * which takes a trick for its side (the card wins, or a partner's higher trump), one
 * a trick as a hand plays one card to each; *rel: those cards, and the other side's
 * best trump, whose rank sets them above */
static inline int F(trumps_above)(u64 hand, u64 theirs, u64 tm, u64 *rel) {
    u64 mine = hand & tm;
    if (!theirs) {
        *rel = 0; /* the count is the length */
        return PC(mine);
    }
    int top = highbit(theirs);
    u64 above = mine & ~((2ull << top) - 1);
    *rel = above | (1ull << top);
    return PC(above);
}

/* tricks each side surely takes from the start of a trick (sure[0]: the leader's),
 * with the cards each count rests on (rel[0], rel[1]):
 *   - the leader cashes his top cards, suit by suit: a suit other than trumps only
 *     as long as each opponent who holds a trump still follows (an opponent's cards
 *     of the suit go only to its own rounds: he follows the others, or holds no
 *     trump any more), and in all no more of them than his partner, if he holds a
 *     trump, has other cards to play to them (else he might have to ruff and take
 *     the lead); trumps first, and no more suits once the leader's side has ``need``
 *     tricks (the answer then rests on those alone);
 *   - then, if still short, partner's top cards of a suit the leader holds a card
 *     of, led to him, and partner's top cards of the suits the leader cashed none
 *     of (see below);
 *   - a hand's trumps above all of the other side's each take a trick. */
static void F(sure_tricks)(const State *s, int n, int need, int *sure, u64 *rel) {
    int L = s->leader, P = (L + 2) & 3, O1 = (L + 1) & 3, O2 = (L + 3) & 3;
    const u64 *h = s->h;
    u64 live = h[0] | h[1] | h[2] | h[3];
    int trump = s->trump;
    u64 tm = trump < 4 ? SUIT_MASK << (13 * trump) : 0;
    int cash = 0, side = 0, room = (h[P] & tm) ? PC(h[P] & ~tm) : 13;
    u64 cashed = 0;
    for (int i = 0; i < 4; i++) {
        int suit = tm ? (trump + i) & 3 : i; /* trumps first */
        if (cash + min2(side, room) >= need) break; /* enough: the rest not relied on */
        u64 run = F(top_run)(h[L], live, suit);
        if (!run) continue;
        int r = PC(run);
        if (suit == trump || !tm) {
            cash += r;
            cashed |= run;
            continue;
        }
        u64 sm = SUIT_MASK << (13 * suit);
        if (h[O1] & tm) r = min2(r, PC(h[O1] & sm));
        if (h[O2] & tm) r = min2(r, PC(h[O2] & sm));
        side += r;
        cashed |= F(highest)(run, r);
    }
    int used = min2(side, room);
    cash += used;
    /* then a card led to partner's top cards of a suit of which the leader holds a card:
     * as many of them as each opponent who holds a trump follows to, and as the leader,
     * if he holds a trump, has other cards for (he must not ruff them), partner keeping
     * them through the leader's tricks (cards enough besides them, and besides trumps
     * if he holds a trump: he must not ruff the leader's) */
    if (cash < need && cash < n) {
        int extra = 0, es = -1;
        u64 extra_run = 0;
        for (int suit = 0; suit < 4; suit++) {
            u64 sm = SUIT_MASK << (13 * suit);
            if (!(h[L] & sm)) continue;
            u64 prun = F(top_run)(h[P], live, suit);
            if (!prun) continue;
            int r = PC(prun);
            if (n - r < cash) continue;
            if (tm && suit != trump) {
                if ((h[P] & tm) && PC(h[P] & ~tm) - r < used) continue;
                if (h[O1] & tm) r = min2(r, PC(h[O1] & sm));
                if (h[O2] & tm) r = min2(r, PC(h[O2] & sm));
                if (h[L] & tm) r = min2(r, PC(h[L] & ~tm) - used);
            }
            if (r > extra) { extra = r; extra_run = F(highest)(prun, r); es = suit; }
        }
        cash += extra;
        cashed |= extra_run;
        if (extra > 0 && cash < need && cash < n) {
            /* partner, on lead, then cashes his top cards of the suits the leader cashed
             * none of: as above, keeping all of them through the leader's tricks */
            int keep = PC(F(top_run)(h[P], live, es));
            int keep_other = es != trump ? keep : 0; /* kept cards other than trumps */
            int rounds = extra, leader_tricks = cash - extra;
            for (int suit = 0; suit < 4; suit++) {
                if (suit == es || F(top_run)(h[L], live, suit)) continue;
                u64 prun = F(top_run)(h[P], live, suit);
                if (!prun) continue;
                u64 sm = SUIT_MASK << (13 * suit);
                int full = PC(prun), r = full;
                if (tm && suit != trump) {
                    if (h[O1] & tm) r = min2(r, PC(h[O1] & sm));
                    if (h[O2] & tm) r = min2(r, PC(h[O2] & sm));
                }
                if (r == 0 || n - keep - full < leader_tricks) continue;
                int other = suit != trump ? full : 0;
                if (tm && (h[P] & tm) && PC(h[P] & ~tm) - keep_other - other < used) continue;
                if (tm && (h[L] & tm) && PC(h[L] & ~tm) - used < rounds + r) continue;
                keep += full;
                keep_other += other;
                rounds += r;
                cash += r;
                cashed |= F(highest)(prun, r);
            }
        }
    }
    rel[0] = cashed;
    rel[1] = 0;
    sure[1] = 0;
    if (tm) {
        u64 ours = (h[L] | h[P]) & tm, theirs = (h[O1] | h[O2]) & tm, r;
        int t = F(trumps_above)(h[L], theirs, tm, &r);
        if (t > cash) { cash = t; rel[0] = r; }
        t = F(trumps_above)(h[P], theirs, tm, &r);
        if (t > cash) { cash = t; rel[0] = r; }
        t = F(trumps_above)(h[O1], ours, tm, &r);
        if (t > sure[1]) { sure[1] = t; rel[1] = r; }
        t = F(trumps_above)(h[O2], ours, tm, &r);
        if (t > sure[1]) { sure[1] = t; rel[1] = r; }
    }
    sure[0] = min2(cash, n);
}

static int F(search)(State *s, int alpha, int beta, int first, int *best_move, u64 *rel);

/* North-South's tricks from the start of a trick, within (alpha, beta); *rel: the cards
 * whose ranks the answer rests on (a position with the same suit lengths, the same
 * leader and the same holders of each suit's live cards down to the lowest of them
 * has the same answer: partition search) */
static int F(start)(State *s, int alpha, int beta, u64 *rel) {
    int n = PC(s->h[s->leader]);
    *rel = 0;
    if (n == 0) return 0;
    if (n == 1) {
        int trick[4], at = 0;
        for (int i = 0; i < 4; i++) trick[i] = highbit(s->h[(s->leader + i) & 3]);
        for (int i = 1; i < 4; i++)
            if (beats(trick[i], trick[at], s->trump)) at = i;
        *rel = decided(trick, at);
        return ((s->leader + at) & 1) ? 0 : 1;
    }
    /* the sure tricks bound the value: often enough to answer the window */
    int sure[2];
    u64 srel[2];
    int ew = s->leader & 1;
    F(sure_tricks)(s, n, ew ? n - alpha : beta, sure, srel);
    int lo = ew ? sure[1] : sure[0];
    int hi = n - (ew ? sure[0] : sure[1]);
    u64 lo_rel = ew ? srel[1] : srel[0], hi_rel = ew ? srel[0] : srel[1];
    if (lo >= beta) { *rel = lo_rel; return lo; }
    if (hi <= alpha) { *rel = hi_rel; return hi; }
    u64 live = s->live;
    u64 key[4];
    F(norm)(s->h, key);
    u64 lens = s->lens;
    u64 bucket = mix(lens, s->leader, s->trump) & bucket_mask;
    Entry *b = &table[bucket * WAYS];
    int first = -1;
    for (int w = 0; w < WAYS; w++) {
        Entry *e = &b[w];
        if (e->lens != lens || e->leader != s->leader || e->trump != s->trump) continue;
        u64 r = e->rel;
        if ((key[0] & r) != e->own[0] || (key[1] & r) != e->own[1] || (key[2] & r) != e->own[2])
            continue;
        if (e->lo > lo) { lo = e->lo; lo_rel = F(expand_rel)(r, live); }
        if (e->hi < hi) { hi = e->hi; hi_rel = F(expand_rel)(r, live); }
        if (first < 0 && e->best >= 0) first = expand(e->best, live);
    }
    /* the window is never empty below (fail-soft alpha-beta needs alpha < beta) */
    if (lo >= beta) { *rel = lo_rel; return lo; }
    if (hi <= alpha) { *rel = hi_rel; return hi; }
    if (lo == hi) { *rel = lo_rel | hi_rel; return lo; }
    int a = alpha > lo ? alpha : lo;
    int bb = beta < hi ? beta : hi;
    int best = -1;
    u64 found = 0;
    int v = F(search)(s, a, bb, first, &best, &found);
    /* the answer for the caller rests on the search, and on the bounds that narrowed it */
    *rel = found | (a > alpha ? lo_rel : 0) | (bb < beta ? hi_rel : 0);
    /* stored: what the search alone proved */
    int elo = 0, ehi = n;
    if (v <= a) ehi = v;
    else if (v >= bb) elo = v;
    else elo = ehi = v;
    u64 packed = F(compress_rel)(found, live);
    u64 own[3] = {key[0] & packed, key[1] & packed, key[2] & packed};
    Entry *e = NULL;
    for (int w = 0; w < WAYS && !e; w++) {
        Entry *x = &b[w];
        if (x->lens == lens && x->leader == s->leader && x->trump == s->trump && x->rel == packed
            && x->own[0] == own[0] && x->own[1] == own[1] && x->own[2] == own[2]) {
            e = x; /* the same partition: both bounds hold */
            elo = max2(elo, x->lo);
            ehi = min2(ehi, x->hi);
        }
    }
    if (!e) {
        e = &b[victim[bucket]];
        victim[bucket] = (uint8_t)((victim[bucket] + 1) % WAYS);
    }
    e->lens = lens;
    e->rel = packed;
    memcpy(e->own, own, sizeof e->own);
    e->leader = (int8_t)s->leader;
    e->trump = (int8_t)s->trump;
    e->lo = (int8_t)elo;
    e->hi = (int8_t)ehi;
    e->best = (int8_t)(best >= 0 ? F(compress)(best, live) : -1);
    return v;
}

/* the moves of the seat on turn, most promising first */
static int F(moves)(State *s, int *out) {
    int turn = (s->leader + s->k) & 3;
    u64 hand = s->h[turn];
    u64 live = s->live;
    u64 legal = hand;
    if (s->k) {
        u64 follow = hand & suit_of(s->trick[0]);
        if (follow) legal = follow;
    }
    int m[16];
    int n = F(tops)(legal, hand, live, m); /* highest first, suit by suit */
    if (n <= 1) {
        memcpy(out, m, n * sizeof(int));
        return n;
    }
    if (s->k == 0) {
        /* leads: first those that surely win the trick (the top live card of its suit,
         * or any card of a suit whose top partner holds), where no opponent can ruff
         * (trumps, or each opponent who holds a trump follows); each group by the
         * history of the leads that cut off, stably */
        const unsigned *hs = history[turn];
        int sorted[16];
        for (int i = 0; i < n; i++) {
            int c = m[i], j = i;
            while (j > 0 && hs[sorted[j - 1]] < hs[c]) { sorted[j] = sorted[j - 1]; j--; }
            sorted[j] = c;
        }
        const u64 *h = s->h;
        int P = (turn + 2) & 3, O1 = (turn + 1) & 3, O2 = (turn + 3) & 3;
        u64 tm = s->trump < 4 ? SUIT_MASK << (13 * s->trump) : 0;
        int o = 0, rest[16], nr = 0;
        for (int i = 0; i < n; i++) {
            int c = sorted[i];
            u64 sm = suit_of(c);
            int top = highbit(live & sm);
            int wins = top == c || (h[P] >> top & 1);
            int safe = sm == tm
                       || ((!(h[O1] & tm) || (h[O1] & sm)) && (!(h[O2] & tm) || (h[O2] & sm)));
            if (wins && safe) out[o++] = c;
            else rest[nr++] = c;
        }
        memcpy(out + o, rest, nr * sizeof(int));
        return n;
    }
    int at = s->at, best = s->trick[at];
    int partner_wins = ((s->k - at) & 1) == 0;
    int o = 0;
    if (legal != hand || (hand & ~suit_of(s->trick[0])) == 0) {
        /* following suit (``m`` from the highest down): the lowest first, but where the
         * other side wins so far, the winners first (those above the best card, if it is
         * of the suit led), from the lowest up */
        int nw = 0;
        if (!partner_wins && suit_tab[best] == suit_tab[s->trick[0]])
            while (nw < n && m[nw] > best) nw++;
        for (int i = nw - 1; i >= 0; i--) out[o++] = m[i];
        for (int i = n - 1; i >= nw; i--) out[o++] = m[i];
        return n;
    }
    if (!partner_wins) { /* the cheapest winner first, then the other winners */
        int w[16], nw = 0, l[16], nl = 0;
        for (int i = 0; i < n; i++) {
            if (beats(m[i], best, s->trump)) w[nw++] = m[i];
            else l[nl++] = m[i];
        }
        /* winners from the lowest rank up, then the losers from the lowest up */
        for (int i = 0; i < nw; i++)
            for (int j = i + 1; j < nw; j++)
                if (rank_tab[w[j]] < rank_tab[w[i]]) { int t = w[i]; w[i] = w[j]; w[j] = t; }
        for (int i = 0; i < nl; i++)
            for (int j = i + 1; j < nl; j++)
                if (rank_tab[l[j]] < rank_tab[l[i]]) { int t = l[i]; l[i] = l[j]; l[j] = t; }
        for (int i = 0; i < nw; i++) out[o++] = w[i];
        for (int i = 0; i < nl; i++) out[o++] = l[i];
        return o;
    }
    /* partner wins: the lowest first */
    for (int i = 0; i < n; i++) out[i] = m[i];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (rank_tab[out[j]] < rank_tab[out[i]]) { int t = out[i]; out[i] = out[j]; out[j] = t; }
    return n;
}

/* play ``card`` for the seat on turn, search on, take it back; *rel as for start */
static inline __attribute__((always_inline)) int F(play)(State *s, int card, int alpha, int beta, u64 *rel) {
    played_in_search++;
    int turn = (s->leader + s->k) & 3;
    u64 bit = 1ull << card;
    u64 len = 1ull << (16 * turn + 4 * suit_tab[card]);
    int at = s->at;
    s->h[turn] &= ~bit;
    s->lens -= len;
    if (s->k == 0 || beats(card, s->trick[at], s->trump)) s->at = s->k;
    s->trick[s->k++] = card;
    int v;
    if (s->k == 4) {
        int win = s->at;
        int winner = (s->leader + win) & 3;
        int won = (winner & 1) ? 0 : 1;
        int leader = s->leader;
        int saved[4];
        memcpy(saved, s->trick, sizeof saved); /* the next tricks write over it */
        u64 gone = (1ull << saved[0]) | (1ull << saved[1]) | (1ull << saved[2]) | bit;
        s->k = 0;
        s->leader = winner;
        s->live &= ~gone;
        v = won + F(start)(s, alpha - won, beta - won, rel);
        s->live |= gone;
        s->leader = leader;
        memcpy(s->trick, saved, sizeof saved);
        s->k = 4;
        *rel |= decided(s->trick, win);
    } else {
        int ignored;
        v = F(search)(s, alpha, beta, -1, &ignored, rel);
    }
    s->k--;
    s->at = at;
    s->lens += len;
    s->h[turn] |= bit;
    return v;
}

/* North-South's tricks from here (the current trick included), fail-soft; ``first``
 * (a card of the seat on turn, or -1) is tried first; the best card in *best_move;
 * *rel: the cards the answer rests on (a cut-off: the move's; else every move's) */
static int F(search)(State *s, int alpha, int beta, int first, int *best_move, u64 *rel) {
    int turn = (s->leader + s->k) & 3;
    int ns = (turn & 1) == 0;
    int m[16];
    int n = F(moves)(s, m);
    if (first >= 0) {
        for (int i = 1; i < n; i++)
            if (m[i] == first) {
                memmove(m + 1, m, i * sizeof(int));
                m[0] = first;
                break;
            }
    }
    int best = ns ? -1 : 99, card = -1;
    u64 all = 0;
    /* cards known to take what a card already tried took: a card of the same suit, both
     * below every card of the suit its answer rested on (the positions after either
     * are alike in every card that answer rested on) */
    u64 same = 0;
    for (int i = 0; i < n; i++) {
        u64 r;
        if (same >> m[i] & 1) continue;
        int v = F(play)(s, m[i], alpha, beta, &r);
        all |= r;
        {
            u64 sm = suit_of(m[i]), rs = r & sm;
            u64 below = rs ? sm & ((1ull << lowbit(rs)) - 1) : sm;
            if (below >> m[i] & 1) same |= below;
        }
        if (ns) {
            if (v > best) { best = v; card = m[i]; if (v > alpha) alpha = v; }
        } else if (v < best) {
            best = v;
            card = m[i];
            if (v < beta) beta = v;
        }
        if (alpha >= beta) {
            all = r;
            if (s->k == 0 && (history[turn][m[i]] += 1u << PC(s->h[turn])) > 1u << 30)
                for (int j = 0; j < 4 * 52; j++) history[j / 52][j % 52] >>= 1; /* aged */
            break;
        }
    }
    if (!(alpha >= beta)) {
        /* every move failed: where the answer is used again, the same moves must be
         * the only ones.  A move stood for its run (the cards below it in hand, next
         * among the live cards): a run reaching from the relevant cards down below
         * the lowest of them makes its bottom card relevant too (highest run first,
         * each suit: a bottom made relevant lowers the suit's limit) */
        u64 hand = s->h[turn];
        u64 live = s->live;
        u64 tried = 0;
        for (int i = 0; i < n; i++) tried |= 1ull << m[i];
        while (tried) {
            int top = highbit(tried);
            tried &= ~(1ull << top);
            u64 sm = suit_of(top);
            u64 r = all & sm;
            if (!r || top < lowbit(r)) continue; /* below every relevant card */
            u64 below = live & sm & ((1ull << top) - 1);
            int bottom = top;
            while (below) {
                int c = highbit(below);
                if (!(hand >> c & 1)) break;
                bottom = c;
                below &= ~(1ull << c);
            }
            if (bottom < lowbit(r)) all |= 1ull << bottom;
        }
    }
    *best_move = card;
    *rel = all;
    return best;
}


/* every legal card's value for the side to play into value[] (by card; the top of
 * each run only) */
static void F(values)(State *s, int left, u64 legal, u64 hand, u64 live, int *value) {
    int turn = (s->leader + s->k) & 3;
    int m[16];
    int n = F(tops)(legal, hand, live, m);
    int guess = (left + 1) / 2;
    for (int i = 0; i < n; i++) {
        /* the card's exact value by tests of a null window (MTD(f)), from the last
         * card's value: each test is far cheaper than a search of the full window */
        int lo = 0, hi = left, v = guess;
        while (lo < hi) {
            int beta = v == lo ? v + 1 : v;
            u64 ignored;
            v = F(play)(s, m[i], beta - 1, beta, &ignored);
            if (v < beta) hi = v;
            else lo = v;
        }
        /* the next card is tried against the best value so far */
        if (i == 0 || ((turn & 1) ? lo < guess : lo > guess)) guess = lo;
        value[m[i]] = (turn & 1) ? left - lo : lo;
    }
}

#undef PC
