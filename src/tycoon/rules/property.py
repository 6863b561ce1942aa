"""Deeds: rent (C-27 to C-31), buildings (C-48 to C-58), mortgages (C-65 to C-68), net worth."""

from __future__ import annotations

from typing import Final

from tycoon.engine import events as ev
from tycoon.engine.actions import Kind
from tycoon.engine.board import SquareKind
from tycoon.engine.state import GameState
from tycoon.rules.common import emit, give, option, take

HOTEL: Final = 5


def owns_group(st: GameState, seat: int, group: int) -> bool:
    """Does `seat` own every deed of the group (mortgaged ones count, C-30, C-67)?"""
    owner = st.owner
    return all(owner[s] == seat for s in st.edition.board.groups[group])


def rent(st: GameState, square: int, dice_total: int) -> int:
    """Rent of a deed from its level and its owner's holdings now (C-30, C-31)."""
    b = st.edition.board
    kind = b.kind[square]
    owner = st.owner[square]
    if kind == SquareKind.STREET:
        lvl = st.level[square]
        if lvl:
            return b.rents[square][lvl]
        base = b.rents[square][0]
        group = b.group[square]
        if st.options.no_double_rent or not owns_group(st, owner, group):
            return base  # house rule `no_double_rent`: never doubled
        if st.edition.mechanics.double_rent_needs_unmortgaged and any(
            st.mortgaged[s] for s in b.groups[group]
        ):
            return base  # W-41
        return base * 2
    count = sum(1 for s in b.groups[b.group[square]] if st.owner[s] == owner)
    if kind == SquareKind.RAILWAY:
        return b.railway_rents[count - 1]
    return b.utility_multipliers[count - 1] * dice_total


def building_sale_value(st: GameState, square: int) -> int:
    """What the bank pays for the top building of a square: half a house, or for a hotel
    half of (hotel + H houses) (C-57), or half the hotel when it is broken down into H
    houses under even selling (W-78 b)."""
    b = st.edition.board
    if st.level[square] == HOTEL:
        if st.edition.mechanics.even_selling:
            return b.hotel_cost[square] // 2
        h = st.edition.houses_per_hotel(st)
        return (h * b.house_cost[square] + b.hotel_cost[square]) // 2
    return b.house_cost[square] // 2


def buildings_value(st: GameState, seat: int, sale: bool) -> int:
    """Total value of a seat's buildings: at sale prices (C-57) or at cost (C-77, A-23)."""
    b = st.edition.board
    ed = st.edition
    h = ed.houses_per_hotel(st) if sale else ed.valued_houses_per_hotel(st)
    total = 0
    for s in b.streets:
        lvl = st.level[s]
        if lvl and st.owner[s] == seat:
            cost = h * b.house_cost[s] + b.hotel_cost[s] if lvl == HOTEL else lvl * b.house_cost[s]
            total += cost // 2 if sale else cost
    return total


def max_raisable(st: GameState, seat: int) -> int:
    """Cash + sale value of all buildings + mortgage value of unmortgaged deeds (C-69)."""
    ed = st.edition
    total = st.cash[seat] + buildings_value(st, seat, sale=True)
    if not ed.mechanics.mortgages:
        return total
    for s in ed.board.deeds:
        if st.owner[s] == seat and not st.mortgaged[s]:
            total += ed.mortgage_value(st, s)
    return total


def net_worth(st: GameState, seat: int) -> int:
    """C-77: cash + printed price (half if mortgaged) + buildings at cost."""
    b = st.edition.board
    total = st.cash[seat] + buildings_value(st, seat, sale=False)
    for s in b.deeds:
        if st.owner[s] == seat:
            total += b.price[s] // 2 if st.mortgaged[s] else b.price[s]
    return total


def has_any_building(st: GameState, seat: int) -> bool:
    owner, level = st.owner, st.level
    return any(level[s] and owner[s] == seat for s in st.edition.board.streets)


def group_has_building(st: GameState, group: int) -> bool:
    level = st.level
    return any(level[s] for s in st.edition.board.groups[group])


# --- building (C-48 to C-56) ---------------------------------------------------------


def even_level(level: int, houses_per_hotel: int) -> int:
    """A building level for the even-building rule: a hotel counts as H + 1 (C-51, W-68)."""
    return houses_per_hotel + 1 if level == HOTEL else level


def max_houses(st: GameState) -> int:
    """Most houses on one street (C-52, W-73)."""
    return int(st.edition.board.constants.get("max_houses_per_city", 4))


def can_build(st: GameState, seat: int, square: int, hotel: bool = False) -> bool:
    """May `seat` buy a building on `square` now (C-48 to C-55, W-69 to W-76)? `build S`
    adds a house below the house limit, else the hotel; `build-hotel S` (hotel=True) asks
    for the hotel on a street that has H houses but is still below the limit (QP2, A-21).
    Per-window limits apply where the board sets them."""
    b = st.edition.board
    if st.owner[square] != seat or b.kind[square] != SquareKind.STREET:
        return False
    lvl = st.level[square]
    if lvl == HOTEL:
        return False
    h = st.edition.houses_per_hotel(st)
    top = max_houses(st)
    if hotel:
        if not h <= lvl < top:
            return False
    else:
        hotel = lvl >= top
    # hotel: every street of the group has H houses (C-53, W-75); a house: none of the group
    # has fewer (C-51, W-72), unless the `uneven_building` house rule is on
    need = h if hotel else 0 if st.options.uneven_building else lvl
    owner, level, mortgaged = st.owner, st.level, st.mortgaged
    for s in b.groups[b.group[square]]:
        if owner[s] != seat or mortgaged[s] or level[s] < need:
            return False
    c = b.constants
    limited = "max_houses_per_build_window" in c
    if not hotel:
        return (
            st.houses_left > 0
            and st.cash[seat] >= b.house_cost[square]
            and not (
                limited
                and (
                    st.houses_built >= c["max_houses_per_build_window"]
                    or st.built_mask >> square & 1
                )
            )
        )
    return (
        st.hotels_left > 0
        and st.cash[seat] >= b.hotel_cost[square]
        and not (
            limited
            and (
                st.hotels_built >= c["max_hotels_per_build_window"]
                or (option(st, "one_build_step_per_city", False) and st.built_mask >> square & 1)
            )
        )
    )


def build(st: GameState, seat: int, square: int, hotel: bool = False) -> None:
    """Buy the next house, or the hotel (returning the street's houses, C-53, W-75)."""
    b = st.edition.board
    lvl = st.level[square]
    if not hotel and lvl < max_houses(st):
        take(st, seat, b.house_cost[square])
        st.houses_left -= 1
        st.houses_built += 1
        lvl += 1
    else:
        take(st, seat, b.hotel_cost[square])
        st.houses_left += lvl
        st.hotels_left -= 1
        st.hotels_built += 1
        lvl = HOTEL
    st.built_mask |= 1 << square
    st.level[square] = lvl
    emit(st, ev.BUILT, seat, square, lvl)


def can_sell_building(st: GameState, seat: int, square: int) -> bool:
    """May `seat` sell the top building of `square`? Under even selling only from a highest
    wonder of the group (W-78: a hotel is broken down, or sold outright in a batch when the
    bank lacks the H houses, W-76); otherwise any building in any order (C-58)."""
    lvl = st.level[square]
    if not lvl or st.owner[square] != seat:
        return False
    if not st.edition.mechanics.even_selling or st.options.uneven_building:
        return True
    h = st.edition.houses_per_hotel(st)
    mine = even_level(lvl, h)
    b = st.edition.board
    group = b.groups[b.group[square]]
    # a hotel the bank cannot break down is sold outright in a batch (W-78 c, A-21)
    return not any(even_level(st.level[s], h) > mine for s in group)


def sell_building(st: GameState, seat: int, square: int) -> None:
    """Sell one house, or the hotel: cleared (C-57) or broken into H houses (W-78 b); with
    too few houses in the bank, the hotel goes outright in a batch (W-78 c)."""
    if (
        st.edition.mechanics.even_selling
        and st.level[square] == HOTEL
        and st.houses_left < st.edition.houses_per_hotel(st)
    ):
        if st.options.uneven_building:  # W-78 c alone: no batch keeps the group even
            _sell_hotel_outright(st, seat, square)
        else:
            _sell_hotel_batch(st, seat, square)
        return
    give(st, seat, building_sale_value(st, square))
    if st.level[square] == HOTEL:
        st.hotels_left += 1
        if st.edition.mechanics.even_selling:
            h = st.edition.houses_per_hotel(st)
            st.houses_left -= h
            st.level[square] = h
        else:
            st.level[square] = 0
    else:
        st.houses_left += 1
        st.level[square] -= 1
    emit(st, ev.SOLD_BUILDING, seat, square, st.level[square])


def _sell_hotel_batch(st: GameState, seat: int, square: int) -> None:
    """W-78 c, A-21: the hotel is sold outright, for half of (hotel + H houses), in a batch
    that leaves the group even: every other hotel of the group goes outright too and every
    other wonder keeps at most one house (the batch that keeps the most houses)."""
    b = st.edition.board
    h = st.edition.houses_per_hotel(st)
    for s in (square, *(g for g in b.groups[b.group[square]] if g != square)):
        lvl = st.level[s]
        if lvl == HOTEL:
            give(st, seat, (b.hotel_cost[s] + h * b.house_cost[s]) // 2)
            st.hotels_left += 1
            st.level[s] = 0
        elif lvl > 1:
            give(st, seat, (lvl - 1) * (b.house_cost[s] // 2))
            st.houses_left += lvl - 1
            st.level[s] = 1
        else:
            continue
        emit(st, ev.SOLD_BUILDING, seat, s, st.level[s])


def _sell_hotel_outright(st: GameState, seat: int, square: int) -> None:
    """W-78 c: the hotel alone, for half of (hotel + H houses)."""
    b = st.edition.board
    give(
        st,
        seat,
        (b.hotel_cost[square] + st.edition.houses_per_hotel(st) * b.house_cost[square]) // 2,
    )
    st.hotels_left += 1
    st.level[square] = 0
    emit(st, ev.SOLD_BUILDING, seat, square, 0)


def clear_buildings(st: GameState, seat: int) -> None:
    """Return every building of a seat to the bank stock without payment."""
    for s in st.edition.board.streets:
        if st.owner[s] == seat and st.level[s]:
            if st.level[s] == HOTEL:
                st.hotels_left += 1
            else:
                st.houses_left += st.level[s]
            st.level[s] = 0
            emit(st, ev.SOLD_BUILDING, seat, s, 0, -1, "bankruptcy")  # to the bank, unpaid


# --- mortgages (C-65 to C-68) --------------------------------------------------------


def can_mortgage(st: GameState, seat: int, square: int) -> bool:
    """An unmortgaged deed without buildings on it (C-65) or in its group (W-81)."""
    if st.owner[square] != seat or st.mortgaged[square] or st.level[square]:
        return False
    if not st.edition.mechanics.mortgages:
        return False
    b = st.edition.board
    return not (
        st.edition.mechanics.mortgage_needs_unbuilt_group
        and b.kind[square] == SquareKind.STREET
        and group_has_building(st, b.group[square])
    )


def mortgage(st: GameState, seat: int, square: int) -> None:
    value = st.edition.mortgage_value(st, square)
    give(st, seat, value)
    st.mortgaged[square] = True
    emit(st, ev.MORTGAGED, seat, square, value)


def redeem_cost(st: GameState, square: int) -> int:
    """Mortgage value plus 10% interest rounded down to the money unit (C-66); the edition
    may set it otherwise (`Edition.redeem_cost`)."""
    return st.edition.redeem_cost(st, square)


def can_unmortgage(st: GameState, seat: int, square: int) -> bool:
    return (
        st.owner[square] == seat
        and st.mortgaged[square]
        and st.cash[seat] >= redeem_cost(st, square)
    )


def unmortgage(st: GameState, seat: int, square: int) -> None:
    cost = redeem_cost(st, square)
    take(st, seat, cost)
    st.mortgaged[square] = False
    emit(st, ev.UNMORTGAGED, seat, square, cost)


def raise_cash_options(st: GameState, seat: int) -> list[tuple[int, int]]:
    """(kind, square) pairs: every building sale and mortgage open to `seat` now."""
    out: list[tuple[int, int]] = []
    if not st.edition.mechanics.mortgages:
        return out  # no mortgages and no buildings on deeds (metropol M-60, M-62)
    owner, level, mortgaged = st.owner, st.level, st.mortgaged
    simple = not (
        st.edition.mechanics.even_selling or st.edition.mechanics.mortgage_needs_unbuilt_group
    )
    for s in st.edition.board.deeds:
        if owner[s] == seat:
            if level[s]:
                if simple or can_sell_building(st, seat, s):
                    out.append((Kind.SELL_BUILDING, s))
            elif not mortgaged[s] and (simple or can_mortgage(st, seat, s)):
                out.append((Kind.MORTGAGE, s))
    return out
