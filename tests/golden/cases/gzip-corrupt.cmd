printf '\037\213\010\000garbage garbage garbage' | cgannotate -
