-- pg_hashids' interface, written for the local stack: the Hashids algorithm (the same
-- ids as hashids.js 1.x and pg_hashids for the same salt, minimum length and alphabet)
-- in plpgsql. id_encode turns non-negative numbers into a short id; id_decode turns it
-- back, and gives an empty array for an id these settings did not make.

-- The alphabet shuffled by `salt`, the same way every time.
create function _hashids_shuffle(alphabet text, salt text) returns text
language plpgsql immutable strict as $$
declare
  chars text[] := regexp_split_to_array(alphabet, '');
  n int := array_length(chars, 1);
  salt_len int := length(salt);
  v int := 0;
  p int := 0;
  code int;
  j int;
  tmp text;
begin
  if salt_len = 0 or n is null then
    return alphabet;
  end if;
  for i in reverse n - 1 .. 1 loop
    v := v % salt_len;
    code := ascii(substr(salt, v + 1, 1));
    p := p + code;
    j := (code + v + p) % i;
    tmp := chars[j + 1];
    chars[j + 1] := chars[i + 1];
    chars[i + 1] := tmp;
    v := v + 1;
  end loop;
  return array_to_string(chars, '');
end
$$;

-- The alphabet, separators and guards of a salt and alphabet, as Hashids sets them up.
create function _hashids_setup(salt text, alphabet text, out alpha text, out seps text, out guards text)
language plpgsql immutable as $$
declare
  unique_alpha text := '';
  c text;
  seps_len int;
  diff int;
  guard_count int;
begin
  foreach c in array regexp_split_to_array(alphabet, '') loop
    if strpos(unique_alpha, c) = 0 then
      unique_alpha := unique_alpha || c;
    end if;
  end loop;
  if length(unique_alpha) < 16 then
    raise exception using errcode = 'invalid_parameter_value',
      message = 'pg_hashids: the alphabet must contain at least 16 unique characters';
  end if;
  if strpos(unique_alpha, ' ') > 0 then
    raise exception using errcode = 'invalid_parameter_value', message = 'pg_hashids: the alphabet cannot contain spaces';
  end if;
  seps := '';
  alpha := '';
  foreach c in array regexp_split_to_array('cfhistuCFHISTU', '') loop
    if strpos(unique_alpha, c) > 0 then
      seps := seps || c;
    end if;
  end loop;
  foreach c in array regexp_split_to_array(unique_alpha, '') loop
    if strpos(seps, c) = 0 then
      alpha := alpha || c;
    end if;
  end loop;
  seps := @extschema@._hashids_shuffle(seps, salt);
  if length(seps) = 0 or length(alpha)::numeric / length(seps) > 3.5 then
    seps_len := ceil(length(alpha) / 3.5);
    if seps_len = 1 then
      seps_len := 2;
    end if;
    if seps_len > length(seps) then
      diff := seps_len - length(seps);
      seps := seps || left(alpha, diff);
      alpha := substr(alpha, diff + 1);
    else
      seps := left(seps, seps_len);
    end if;
  end if;
  alpha := @extschema@._hashids_shuffle(alpha, salt);
  guard_count := ceil(length(alpha) / 12.0);
  if length(alpha) < 3 then
    guards := left(seps, guard_count);
    seps := substr(seps, guard_count + 1);
  else
    guards := left(alpha, guard_count);
    alpha := substr(alpha, guard_count + 1);
  end if;
end
$$;

create function _hashids_hash(input bigint, alphabet text) returns text language plpgsql immutable strict as $$
declare
  id text := '';
  n int := length(alphabet);
begin
  loop
    id := substr(alphabet, (input % n)::int + 1, 1) || id;
    input := input / n;
    exit when input = 0;
  end loop;
  return id;
end
$$;

create function id_encode(numbers bigint[], salt text, min_length int, alphabet text) returns text
language plpgsql immutable strict as $$
declare
  s record;
  alpha text;
  n int;
  ids_int bigint := 0;
  lottery text;
  ret text;
  last text;
  num bigint;
  half int;
  excess int;
begin
  if cardinality(numbers) = 0 then
    return '';
  end if;
  if exists (select from unnest(numbers) x where x < 0) then
    raise exception using errcode = 'invalid_parameter_value', message = 'pg_hashids: numbers must not be negative';
  end if;
  s := @extschema@._hashids_setup(salt, alphabet);
  alpha := s.alpha;
  n := length(alpha);
  for i in 1 .. cardinality(numbers) loop
    ids_int := ids_int + numbers[i] % (i - 1 + 100);
  end loop;
  lottery := substr(alpha, (ids_int % n)::int + 1, 1);
  ret := lottery;
  for i in 1 .. cardinality(numbers) loop
    num := numbers[i];
    alpha := @extschema@._hashids_shuffle(alpha, left(lottery || salt || alpha, n));
    last := @extschema@._hashids_hash(num, alpha);
    ret := ret || last;
    if i < cardinality(numbers) then
      num := num % (ascii(left(last, 1)) + i - 1);
      ret := ret || substr(s.seps, (num % length(s.seps))::int + 1, 1);
    end if;
  end loop;
  if length(ret) < min_length then
    ret := substr(s.guards, ((ids_int + ascii(left(ret, 1))) % length(s.guards))::int + 1, 1) || ret;
    if length(ret) < min_length then
      ret := ret || substr(s.guards, ((ids_int + ascii(substr(ret, 3, 1))) % length(s.guards))::int + 1, 1);
    end if;
  end if;
  half := n / 2;
  while length(ret) < min_length loop
    alpha := @extschema@._hashids_shuffle(alpha, alpha);
    ret := substr(alpha, half + 1) || ret || left(alpha, half);
    excess := length(ret) - min_length;
    if excess > 0 then
      ret := substr(ret, excess / 2 + 1, min_length);
    end if;
  end loop;
  return ret;
end
$$;

create function id_decode(id text, salt text, min_length int, alphabet text) returns bigint[]
language plpgsql immutable strict as $$
declare
  s record;
  alpha text;
  n int;
  parts text[];
  breakdown text;
  lottery text;
  sub text;
  num bigint;
  ret bigint[] := '{}';
begin
  if id = '' then
    return ret;
  end if;
  s := @extschema@._hashids_setup(salt, alphabet);
  alpha := s.alpha;
  n := length(alpha);
  parts := string_to_array(translate(id, s.guards, repeat(' ', length(s.guards))), ' ');
  breakdown := parts[case when cardinality(parts) in (2, 3) then 2 else 1 end];
  if breakdown is null or breakdown = '' then
    return ret;
  end if;
  lottery := left(breakdown, 1);
  foreach sub in array string_to_array(translate(substr(breakdown, 2), s.seps, repeat(' ', length(s.seps))), ' ') loop
    alpha := @extschema@._hashids_shuffle(alpha, left(lottery || salt || alpha, n));
    num := 0;
    for k in 1 .. length(sub) loop
      if strpos(alpha, substr(sub, k, 1)) = 0 then
        return '{}';
      end if;
      num := num * n + strpos(alpha, substr(sub, k, 1)) - 1;
    end loop;
    ret := ret || num;
  end loop;
  if @extschema@.id_encode(ret, salt, min_length, alphabet) <> id then
    return '{}';
  end if;
  return ret;
end
$$;

create function id_encode(number bigint) returns text language sql immutable strict as $$
  select @extschema@.id_encode(array[number], '', 0, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_encode(number bigint, salt text) returns text language sql immutable strict as $$
  select @extschema@.id_encode(array[number], salt, 0, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_encode(number bigint, salt text, min_length int) returns text language sql immutable strict as $$
  select @extschema@.id_encode(array[number], salt, min_length, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_encode(number bigint, salt text, min_length int, alphabet text) returns text
language sql immutable strict as $$
  select @extschema@.id_encode(array[number], salt, min_length, alphabet)
$$;
create function id_encode(numbers bigint[]) returns text language sql immutable strict as $$
  select @extschema@.id_encode(numbers, '', 0, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_encode(numbers bigint[], salt text) returns text language sql immutable strict as $$
  select @extschema@.id_encode(numbers, salt, 0, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_encode(numbers bigint[], salt text, min_length int) returns text language sql immutable strict as $$
  select @extschema@.id_encode(numbers, salt, min_length, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;

create function id_decode(id text) returns bigint[] language sql immutable strict as $$
  select @extschema@.id_decode(id, '', 0, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_decode(id text, salt text) returns bigint[] language sql immutable strict as $$
  select @extschema@.id_decode(id, salt, 0, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;
create function id_decode(id text, salt text, min_length int) returns bigint[] language sql immutable strict as $$
  select @extschema@.id_decode(id, salt, min_length, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890')
$$;

create function id_decode_once(id text) returns bigint language sql immutable strict as $$
  select (@extschema@.id_decode(id))[1]
$$;
create function id_decode_once(id text, salt text) returns bigint language sql immutable strict as $$
  select (@extschema@.id_decode(id, salt))[1]
$$;
create function id_decode_once(id text, salt text, min_length int) returns bigint language sql immutable strict as $$
  select (@extschema@.id_decode(id, salt, min_length))[1]
$$;
create function id_decode_once(id text, salt text, min_length int, alphabet text) returns bigint
language sql immutable strict as $$
  select (@extschema@.id_decode(id, salt, min_length, alphabet))[1]
$$;
