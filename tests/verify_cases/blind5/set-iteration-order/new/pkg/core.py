def unique_ids(ids):
    return list(set(ids))
