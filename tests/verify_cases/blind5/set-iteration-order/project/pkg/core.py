def unique_ids(ids):
    return sorted(set(ids))
