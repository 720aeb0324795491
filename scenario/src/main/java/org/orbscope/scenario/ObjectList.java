package org.orbscope.scenario;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A server's objects, unmodifiable, found by id in constant time: an object with copies deploys one object per
 * copy (up to 100,000), and the model's mapping and the report look up the object of every target and of every
 * traced request. The first object of an id wins, as in a search from the front (the validator refuses
 * duplicates).
 */
final class ObjectList extends AbstractList<ObjectSpec> implements RandomAccess {
    private final List<ObjectSpec> objects;
    private final Map<String, ObjectSpec> byId = new HashMap<>();

    private ObjectList(List<ObjectSpec> objects) {
        this.objects = Collections.unmodifiableList(new ArrayList<>(objects));
        for (ObjectSpec o : this.objects) {
            if (o != null && o.id() != null) {
                byId.putIfAbsent(o.id(), o);
            }
        }
    }

    static ObjectList of(List<ObjectSpec> objects) {
        return objects instanceof ObjectList l ? l : new ObjectList(objects == null ? List.of() : objects);
    }

    /** The first object with this id, or null. */
    ObjectSpec byId(String id) {
        return byId.get(id);
    }

    @Override
    public ObjectSpec get(int index) {
        return objects.get(index);
    }

    @Override
    public int size() {
        return objects.size();
    }
}
