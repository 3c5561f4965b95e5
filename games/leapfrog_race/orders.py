"""The passing order of every pattern of six tokens, worked out ahead by the rules' own loop
(:func:`games.leapfrog_race.rules.passing_order`) and kept here, so that every turn, the first
of a run too, is resolved by one look-up.

:data:`ORDER_INDEX` is indexed by a pattern's digits down the column read in base 7
(``int("122365", 7)``; the entries of no pattern, those with a digit 0, hold 0) and gives the
order's index in :data:`PERMUTATIONS`, the 720 orders of six positions, sorted. The table is
kept as zlib-compressed little-endian 16-bit entries, in base64 (:data:`DATA`). Regenerate it
with ``python -m games.leapfrog_race.make_orders``; ``tests/games/leapfrog_race/test_leapfrog_race_tables.py``
checks every pattern against the rules.
"""

from __future__ import annotations

import binascii
import sys
import zlib
from array import array
from itertools import permutations

#: Every order of six positions, sorted: ``PERMUTATIONS[ORDER_INDEX[int(digits, 7)]]``.
PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(sorted(permutations(range(6))))
#: The patterns' digits read in base 7 run below this.
PATTERNS = 7 ** 6


def decode(data: str) -> array:
    """The table of :data:`DATA` as 16-bit entries."""
    table = array("H")
    table.frombytes(zlib.decompress(binascii.a2b_base64(data)))
    if sys.byteorder == "big":
        table.byteswap()
    return table


def encode(table: array) -> str:
    """:func:`decode`'s inverse."""
    if sys.byteorder == "big":
        table = array("H", table)
        table.byteswap()
    return binascii.b2a_base64(zlib.compress(table.tobytes(), 9), newline=False).decode("ascii")


#: The table, compressed (see the module's docstring).
DATA = (
    "eNrtnX+UXGWZ55/3pvKjOxCbosl0J03TZGLMFBm2E3tjZBFjy7CdmEVgWcSQQcwwThN7Wsyw2k0qP2hDDIpOOtFMm8MwTMPx"
    "BHQZZR2HbT2eEF0nsg47Bz17ILLa0R50WXdPV6ItuAyzfeve977P961737rVSXc1xfM8f32Ppj6pqk9VV33p3JdIRkZGRkZG"
    "RkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZG"
    "RkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZGRkZG"
    "RiZDWbqNbvZu9ojOY0vUxZZoVJl1J5x2Wh2tn9qt1G6ldiu1W6m95B50qzui9VO3lbqt1G2lbit1KyFMhTD9M06/ipboNNup"
    "J5tQYIRxRgz+3Bn6dXF1OmOlM1Y6E0soAAHTuHX/OOE0EE47CQUgFICAadx6PDnhtJNQAEIBCAUgYBq3nj8XoQCEAhAKQCgA"
    "AdM4ia1iq9gqtoqtYqvYKraKrWKr2Coj8/qePsrTp8Il2st26glnF+2O1k+7rLTLSrustMtKu4QwSwkzbevdbM+VrX3Uzwh9"
    "k4uvjv302eLqtN9K+620P/Z5GKD7ixs8nibtYUu0j607xREGgDAQS0jPiycMAGGgLMHFSyIMAGGgIgKmatiaT7B1qu6W2poH"
    "W5G3gz5d3OBW7gVb7wVb702w1Sf0AwFTn/WzgxP2AmGv4/WwG2zFtMty9x76zORqez5J99GfQ7ovkTAAhAEgDADhE0WCTvcA"
    "75NOwgAQBoAwAIRPAAHTPVWzNZ/C1vTuxtmaB1vzYOvO0NYg7QB37wVb73XYmgdb82Ar3j9O2AuEvU5CPxD6gYCpz/pkxQl7"
    "Ha+H3WDrbrAV0y7rfZfbus9h626wdTfYimmX9b7Lbd1TZVvzFdrqcjfe1jzYmgdbd4KtmHaAu/c6bM2DrXmwNQ+2GsLdQNjr"
    "JPQDoR8ImPqsx5MT9joJ/UDoB0I/EDD1Wd879js+tw7A59YB+Nw6AJ9bB+CTKn5mqK6t+bOwFVOSrXmwNQ+27gRbd4KtmHY4"
    "bM2DrXmwNQ+27gRbMe1w2JoHW/Ngax5szYOtOyHtcNiaB1vzYGsebM2Drfj8uQj9QOgHQj8Q+oGAqU8qChkZabCEIA2WNFjS"
    "YEmDJQ2WNFjSYEmDJQ2WNFjSYEmDJQ2WNFgyMtJgSYMlDZY0WNJgSYMlDZY0WNJgSYMlDZY0WNJgSYMlDZY0WNJgychIgyX9"
    "kjRY0mBJgyUNljRY0mBJgyUNljRY0mBJgyUNljRY0mDJyEiDJQ2WEKTBkgZLGixpsKTBkgZLGixpsKTBkgZLGixpsKTBkgZL"
    "RkZGRkZGRkZGRkZGRkZGRkZGRkamoslQlm6jm72bPaLz2BJ1sSUaVWbdCaedVkfrp3YrtVup3UrtVmovuQfd6o5o/dRtpW4r"
    "dVup20rdSghTIUz/NFFLtERL2E492YRmRmhixODPLaWLi6vTUisttdLSWEIzEDA1WfePE5YAYYmT0AyEZiBgarIeT05Y4iQ0"
    "A6EZCM1AwNRkPX8uQjMQmoHQDIRmIGBqqsI7q5yhLWdoy4nvYqvYKraKrWKr2Cq2vh5slZGRBsvMPJofrZ/mWWmeleZZaZ6V"
    "5kmD9YZtsNBWj+25spVIMYI/Jvm3vJm20zZvmxfcymm13ntyck1ab6X1XtzzcLc6oR7yHvKCx9OkryizRCs9s+40VUJ6XjzB"
    "v1VDCJKL4OIlEU4oTjihKiFgqsbnVk9dp/Z7+z378+c6ZZaowTPrTqWflwzB/7xjkn/Lbw83uJULwnUnnDZ1abR+arNSm5Xa"
    "rNRmpbaS52FIfSFaPw1ZachKQ1YastJQTRJmk63p3Z2qrendnWlb5fUwu2z1/anEVpe78bYGBG1rkFy2utytPVtr4fUwk7Ze"
    "p6ZuK6YkW32CsfU6VYmtmMTW2UiQkZExE/zL9+foTu9Oz74uwDG2RC8rs+6EM/3XXzpKj0brp6NWOmqlo1Y6aqWjJYQ96p5o"
    "/bTHSnustMdKe6y0R9UiYaZtxesCnBtbg+s0aEJwnQad/Fv+TrjBrbwarjuV2vrlcAPrTHqMbSWp9JneG27wjJk0oMxWkmqP"
    "MP1zgD4XLdFBtlNPNmGQEQ4wYvDnDtHni6vTISsdstKhWMIgEDAdsO4fJxwEwkEnYRAIg0DAdMB6PDnhoJMwCIRBIAwCAdMB"
    "6/lzEQaBMAiEQSAMAgHTgSp8EligzouWqF6ZnXqyCXWMsEAtsHgL1fnF1WmhlRZaaWEsoQ4ImBZY948T6oFQ7yTUAaEOCJgW"
    "WI8nJ9Q7CXVAqANCHRAwLbCePxehDgh1QKgDQh0QMC1QYqvYKraKrWJrLdgqI1OLDVb6hqD2GizpyF5vDdZUbU3fYKXvs2a6"
    "wZKOTBosabCkwRJbxVbpW6UTkE5AGiyxVWyVkandBsv/ll5Jg+VqCKTBemN2ZDNta/oGK72tusEKCLrBCpKrwXL1WbXXYNVC"
    "RyadgHQC0gmIrWKr2Cq2iq3SYEmDJQ2WjMzrtcF6jqbeYGGSBuuNSZhpW6faYLlsNQ3Wc8QbrOeokgYLkzRYs5Eg37LkW5Z8"
    "yxJbxVaxVWwVW8VWsVVslZGRkZGRkZGRkZGRkZGRkZGRkZGROZcz3WcRttPqaP3UbqV2K7Vbqd1K7TTzBDmLcHacRdhELdES"
    "LWE79WQTmhmhiRGDP7eULi6uTkuttNRKS2MJzUDA1GTdP05YAoQlTkIzEJqBgKnJejw5YYmT0AyEZiA0AwFTk/X8uQjNQGgG"
    "QjMQmoGAqYnEVrFVbE0eOfFdTnx//Zz4LraKrWKr2Cq2yshIgzWdDdY8mh+tn+ZZaZ6V5llpnpXmSYP1hm2w0FaP7bmylUgx"
    "gj8m+be8mbbTNm+bF9zKabXee3JyTVpvpfVenK2d1EO3e7d7gXUmXcmW6JfKrDuVPtN3qxPqIe8hL3jGTLpLmSX6ijJLtNIz"
    "a6d4gn+rhhAkF8HFSyKcUJzgp/QETNVosHL0IbrVu9Wzm6jlbIleVGbdqbQ5MQS/+TDJv+U3hxvcys/DdSecVrokWj+1WqnV"
    "Sq1WarVSa8mj1Ks+Eq2feq3Ua6VeK/VaqVfVImFmvmX5J7Dv9/Z79relV9nap7o3eGbtVPrp3hD0ie9B8m/5n8O1T3X3b+uC"
    "cO2EM0G/idZPE1aasNKElSasNFHyKE3/aelD6gvR+mnISkNWGrLSkJWGqkCYOVt9fyqx1eVuvK0BQdsaJJetLndrz9ZaeD3M"
    "pK3XqanbiinJVp9gbPVTelsxia2zkSAjI5OuwcI0exus6SdIgzX7G6xzY6urwfJvuYFupy3elrClGoMGawwarLGEBsu3rZ62"
    "0mZvsxdYZ9ICtkQ/VWbdqfSZ7oEGy6RtyuzZNVg90GCZ5CJU1mD1QINlUnpCdRss39ZMgq2YzsbWDNiKvDn0QXq/9/7QyFNg"
    "6ymw9VSCrT5BAQETRSn4G3LCKBBGEwjB+wy3FVN3lILn8bh6wnsi8vMK7wbvaUg3JBKMrZi6o6QJJ9UTLB1XnHeFk3BCccIJ"
    "xQknFCecVJyA6XiVvmX9iuIbLExn02AZQvBftDnvDF2v7vPu8/Q3qY3qiHck6qyWeZu870Da5MX/F3BOwDQepeBvzwkNQGhI"
    "IATfONaoz3mf8/Q3FJ7aorRKmSVq8czaKe4b+2Pqh+rLnv7GztNQlB5RZom+qcwSdXhmkwk/VJzwQ8UJfnIRMFXL1rgGy2Vr"
    "ZQ2WIWhbDc+31ffV2LpVHWFpo+LuLnPYagiYxqOkbTWEdUBoSCBoW7cobqtJbVFCW69WZt22asIaIKwBwpoYguvVEW/rY2Dr"
    "Y2DrYzG2utytnq2lDVZ6W8s1WIZgbNW8wNbrFbd1q+K2Ytqokm3VBEzjUTK2blXcVkwbVbKtWxS3dYvitm5RblsxJdnKCWuA"
    "sCaG4OIlEdYAYQ0Q1pQhYJKRkUkafW3sO73Sswhd13XH89yqexZhLVwrfvpPCqylswgDW/FK7ufGVn0l94Cgr+RuXh376QW6"
    "y7srOpnwWRrwBjx9+mC9d433LUjXeHG2DtBJ2u5t9wLrTNrDlug4W6LfKrN2KrX1yzRCeS/v6aug64TXNv8aW6KMZ9ZOpS7t"
    "VQfVM+qLnj4pUCc8/+9+ZZbo68os0eWe2WTCM4oTnlGVEDBVw9Z8gq2uUwgqszUPtiJvBz1PH/U+Gtr6FNj6Ctj6SoKtPqEf"
    "CJj6ohT87TnhZSC8nEAI3iu5rZiORinw9G+Lq/2cW1w7xb3zcVsx7YlSYNFniqvt+bvialv/VXGTCc8oTnhGccIzyk3ANNMT"
    "XBd3mD7mfcxzX0P4AbZErymzdrIJg4wQXBeX8w7Rw/Rx7+NeQPjLcIPb/Jdw7VRKGAQCpgNReoAx9N+aE15LIBymv4jWT4et"
    "dNhKh6102EqHS56HfeqT0fppn5X2WWmflfZZaZ+aecL0T3AO2RJ1k/qs5z6zrVGZJbpKmSVa7JktJdQxQnAOGectVEvV+9Sf"
    "ewHhonADwjvDDQi/E24coQ4ImBZEKfjbc8JVQFicQFik3hStnxZZaZGVFllpkZUWlTzTK9RbovXTCiutsNIKK62w0ooSwoPq"
    "r6L104NWetBKD1rpQSs9WFVbb1JTtxVTkq03KW7rTYrb+j7lthVTkq03KW7rTYrbepNy24qp9mydfoKMjExpJ+B/D6mkwXJ9"
    "55IGazaeFFhLDVZga/oGK72t5ixC3mCZV4ffYPkdlmmwXqIBlp4l3mfVOxosv7UyDVaQXA2Wq8+Kb7DGiDdYQXI1WN9n626w"
    "NGEECCNlCa7GLL7BOggN1sGyDZarz6pWgxVna/pzNNM0WMZW5PkNlt9hmQbL2PoU2PpKgq26wTIETH1R0g2WIRwDwssJBN1g"
    "GVsxHY0SNliBp/9QXHeDpQkjQBgBwkgMwdWYxTdYB6HBOggN1sGYBsvVZ1WrwfoxVdZgfZdtugYrIOgGy/D8BusnVNpg+bf8"
    "9+Gma7AMAdOBKGGD9V3GqHaD9Tj9TbR+etxKj1vpcSs9bqXHq9CRzZytwxXa6mpf420dBluHwdaHY2x1ta/xtg6DrcNg63CM"
    "ra72daZtrYVGd+YarCUVNliuPiu+wVoCDdYSaLCWxjRYrj4rvsFaAg3WEmiwlsQ0WK4+a6YbrFroyGRkZOI6gedo6g0WJmmw"
    "ZmODNf2EmbZ1qg2Wy1bTYD1HvMHSr46gwXqBeIP1EvEGC9OzlNxgnSTeYPkpfYOFKanBGiPeYPkpfYOFKanB4oSRsgQXL4kw"
    "AoSRigiYqtdgldqavsEqZ2sebEVe0GA9T7zBeol4g4XpWUpusDQBU1+UTIP1EvEGC9OzlNxgjRFvsMaIN1hj5G6wMCU1WJww"
    "AoSRGIKLl0QYAcIIEEbKEDBVr8H6MU29wcKU1GD9mHiDpXlBg/UTcjdYmJIaLE3AdCBKrgYLU+01WNNPmMkGqzJbXe4mNVjc"
    "1mGw9eEYW13uJjVY3NZhsHU4xlaXu7XXYNWWrcNnYSumJFuHwdZhsPXhMrZiSrJ1GGwdBluHy9iKqfZsnX6CjIyMjIyMjIyM"
    "jIyMjIyMjIyMjIzM62fSnkWY/qw3nOk/KbAWCHIl9zTjn+6m1z7dbarJJjQzQhMjBn9uKV1cXJ2WWmmplZbGEpqBgKnJun+c"
    "sAQIS5yEZiA0AwFTk/V4csISJ6EZCM1AaAYCpibr+XMRmoHQDIRmIDQDAVMTia1iq9gqtoqttWBrcG3sYN3Xxk6fbEKBEcYZ"
    "UV8b+9fF1emMlc5Y6UwsoQAETOPW/eOE00A47SQUgFAAAqZx6/HkhNNOQgEIBSAUgIBp3Hr+XIQCEApAKAChAARM42Kr2Cq2"
    "yshIgzVLziKUBkvOIjxXtrrOIvRvazNtp23etihtDpN/W6cn15y9FqTSs9d8Fzqph273bvcCJ0y6ki3RjWyJfqnM2imO0AmE"
    "zlgCpvQE34W7J9ec52bSXcqsnSo7izC4TX2em0npCdU9i9D/LpmjD9Gt3q2e/d1+OVuia9kSvajM2qn0u6gh+N8lTfJv+c3h"
    "BoT3hhvc5s/DtRNOK10SrZ9ardRqpVYrtVqpteRRWktvi9ZPa6201kprrbTWSmtLCL3qI9H6qddKvVbqtVKvlXrVzBNmytZc"
    "ClsxVWprDmzNxdqKaTbZOv0EsTVtJ+ApL/YswlfZ2qmyswgNwf8uaZJ/W/8crp2C89yC1WcRBmsTJug30fppwkoTVpqw0oSV"
    "JmjmCcHZa8Hqs9d4arNSm5XarNRW4lJwFmGw+ixCnoasNGSlISsNVdXW0rMI09ta7ixCQzC2+im9rZjE1sptnX6CjIxMugbL"
    "1WfNpgarFjoyabDOtsE6N7a6Giz/lhvodtribQkbrE3QYI1BgzWW0GD5ttXTVtrsbfYC60xawJZoI1uinyqzdiq1tQMaLJPW"
    "sD27BqsHGiyTtimzZ9dg9UCDZVJ6QnUbLN/WTIKtrva1MlszYCvy5tAH6f3e+0NbN4Ctp8DWUwm2+gQFBEwE/W4XEEaBMOpo"
    "dFeDrZjarfZ1PXV73Z72c1xd7X0T0tVe/DsftxVTt9W+9qnvq0c8bc/X1HH1hKdtXeVd4d3gIJxQnHBCcYJpX33C9xUnnIR0"
    "vGq/3xrfYLn6rMoarBZosJC3lC6jD3gfiPqslbTV2+rpzuol1emNQOr04n+7iBMwNUFjthwILwLhxQRC0Egto9u82zzdYPHU"
    "GqU2tkS/UGbtFNcvbVdPq2FP90s89UbpTmWW6AlllijnmU0mPK044WnFCX5yETBV57da4hssV0NQWYNlCONhC2F4Z2iOul7d"
    "F/VZpG5U93u6BbhSbVRHPN1gNXrLvE1e/O9rcAKmceKN2atAWAeEhgRC8B3/t3SD+pSnOwGeJqL0MluiK5TZyU9Antn4b+zL"
    "1Rr1OU9/Y+epLUrLlFmiVcosUYtnNr7BekA9pn4YNVg8DUXpiDJL9IgyS/RNZbaatpY2WOltLddgGYKxVfMCW69X3NYbFbd1"
    "K6SNKtlWTcA0TrwxexUI64CwLoFgbL1BcVt1moiSy1ZMSbZuUdzWLYrb6ieXrVcrs8mENUBYA4Q1ZQiYZGRk3J1ANkWDhemN"
    "1WBNP0EarMptdTVYU7U1aLCy0GBlocFaHDZYQWoIU9BZjUGDNeZosBqhwWqMbbAWsa2kwQoI9UCojyVgSk8I+qUeaLB6Yhss"
    "TJU2WD3QYPXENlguwmxosLIpGqyzsTUDtiJvDl0YNlj+LZ8Ptp4CW08l2Bo0WFlosLLQYOHPDk4YBcKo4/UwH2zFNM9yt45u"
    "8W7xtJ8/U+/y/gukdyX0Sz3QYPVAg4Xuflh9T/111GB9FRqs33M0WD3QYPVAg4Xu+oTvKU44Cel41WzNpLAVU6W2ZsDWDNg6"
    "N7Q1SHPCFPh5Cmw95bA1A7ZmwFa8f5wwCoRRJ0EBQQEBE4VJPyacMBpL0D+Hua13gK2YusOk3+e4rSsdtt4Btt4BtmLqDpMh"
    "nIR0vGqdwK+ofIOFqdIGSxP0v1niDdavKWiw9L9ZCpL+PRbeYF3gaLA4AdO4df84YR0QGpyEAhAKQMA0Hib9CHFCQyxB/04J"
    "b7AuhQYLU1uY9PfzdjXkmQarzbvOS/odLN5gfQEaLExDYdLt1VH1HGuwjqnvVtXWcg2Wy9byDZYmGFtNg+Xber3itl6vuK1b"
    "ISU1WJyAady6f5ywDgjrnIQCEApAwDQeJmPrVkgbVbKtWxS3dYvitm5R3NYtitt6G2uwutS1DsIaIKwBwhogrAHCWkjt0mDJ"
    "yDgmON3tU+GJ6K6zCF1nvblOfK+Fswhr4bTD4MT3YPWJ7zztsdIeK+2x0h5VbVtdZxFO1dbgLEJNCM4i5K+O/fRZeoHuitL+"
    "MAWnD/rnDw54AeHVya33rvHiXBqg++kkbff0WYQ64VmE+9japw/+VpmNJwwAYSCW4Dr70EUITgr0TwfMe/qkQJ3wpEDXuYEZ"
    "z2ycrXsn96B6JrTOpAFl1k73K7NEX1dmq2NrPsHW9OdolrM1D7Yibwd9mp6nj4a23gu2PgW2vpJga3AWISdg6rN+dnDCMSC8"
    "7Hg97AZbMe2y3L2HfkR/5mlbv00/oE942tb/pxZ6/9aLf2/ltmI6arn7JfoG7fTM2YBP0h5P2zrXW+Bt9OLfW7mtmPZY7n5C"
    "HVL/PbL1M+qAejay9e/UiPpO1WzNp7DVdY5meVvzYGsebN0Z2hqkHWEKbH0KbH3FYWsebM2DrXj/OOEYEF52EvqB0A8ETH1h"
    "Ohadx2kIL8cS9E96buujYCumo2HS76vc1ozD1nvA1nvAVkx7wqTfV7mtX6+SrcHpbv55ax/z3Ke7uc56e02ZLSUMMsKB6Dw5"
    "zTtEn6eH6eNROhQmfdbaQ3S3FxD+ZXI9r8uLIwwCAdMB6/5xwgNAeM1JGATCIBAwHQiTfoQ44bVYgj5b7Qj1eebsNZMOW+lw"
    "mIbYlpTiMPvUJ4v7KfWPyk/7rLTPSvvCtF+ZJXpSmZ15Wxeo84q7RN00Sa9XZt2pUZklukqZLSXUMcICtcDiLVTnq6XqfVFa"
    "GCb/li+a3Ca1OSS8c3I71aZYQh0QMC2w7h8nNALhKiehDgh1QMC0IEz6EeKEq2IJi9SbiptVNys/LbLSIistClODMku0Xpm1"
    "CSvUW4qbUx3KTyustMJKK8K0UpklulyZlY5CRiZNJ/AcTb3Bcp34Lg3W7Giwpp8w07ZOtcFy2WoarOeIN1j61RE0WC8Qb7Be"
    "IN5gvQTpWUpusE4Sb7BOUiUNFqakBssQBmIJrgbLRTAN1hjxBmuMKmmwvs82mTAChJGKCJiq12A9R1NvsMrZmgdbkRc0WM8T"
    "b7C0rU+BrU8l2GoaLE3A1Gf97OCEY0A45ng97AZbMe2y3PUbrB8Rb7D+N6QfUHKDNUa8wRoj3mAZd/0G65+IN1i/iGz9B/pH"
    "+h8OwggQRoAwAoRvAOFbkJ6smq35FLa6GqzytubB1jzYujO01TRYzxNvsF6ClGRrHmzNg614/zjhGBCOOQn9QOgHAqa+MJkG"
    "6yVIz1JygzVGvMEaI95gjRFvsMaIN1i/YO+tybY+CrY+CrZiOhomQ/gWpGrYahqsH9PUG6zvsk1usH5MvMHSvKDB+gnxBusn"
    "xBusn4aEv5/cp+mHlNxgaQKmA9b944QHgPBdJ2EQCINAwHQgTKbB+il7lOIIpsEaJd5g6XTYSofDhA3WCbb2PE5/U9wn6JvF"
    "9LiVHrfS42H6Cluir7Otpq3DZ2ErpiRbh8HWYbD1YbD1YbD1i5Aectg6DLYOg63DYOvDYOsXIT3ksHUYbB0GW4fB1mGw9YuQ"
    "HnLY+gjY+gjY+gjY+kiJrQ+yTSYcAcIRIBwBwpESgtXvysjIyMjIyMjIyMjIyMjIyMjIyMjIvE4nuDa2fz3eSs4idF17GKcW"
    "TgqU0w5nx3Ww5MR3OfH99XPiu9gqtoqtYqvYKraKrW9kW/V1sPyt5DpYrmQTCowwzojmOlj+mutgYTpjpTOxhAIQMI1b948T"
    "TgPhtJNQAEIBCJjGrceTE047CQUgFIBQAAKmcev5cxEKQCgAoQCEAhAwjUtBISNT1QarFk4KlAZrdp1FGNjqOs9tqrbqswgD"
    "gj8mBWetbZ/cbVHabKXNpE9iO13c+LPXOqlncvVpaybh2YA3srWT66TAgNAJhM5YgouXhtAJhM6yBNfZh6W23l1cfUVhk/D0"
    "QVeq7pXcg7PWPjS5pae74Xlu17K1U7nT3QwhOGtNp+A8t2CD23xvuHYKTncL1iYEZ68Fq89e46nVSq1WarVSa8mjtJbeFq2f"
    "1lpprZXWWmmtldZWgRCc7hasPt2Np14r9Vqp10q9VbM1l8JWl7vlbc2BrblYW13uVtfWWng91JKtuQptdZ2jGW9rDmzNlbUV"
    "U63bOv2EWrA1OBnQ39IruePpg65U7kruhhCcDKhTcPpgsO6kr+Tur00ITgoMVp8UyNOElSasNGGlCapFgr6Su7/mSu4mtVmp"
    "zUptVmqT62DJyEyxwUrfZ9X6WYTSYM3+Buvc2OpqsIKz1m6f3C1hZ7UJGqxN0GCNJTRYwVlrWyfXnBSoE54NuJGtnVwnBfou"
    "dECDZdIatmfXYHVAg2WSi1BZg9UDDZZJePrg7G2wgrPW4m1N376WP92N24q8OfTByX1/6OcGsHUD2HoqwdbgrDVOwETQ73YB"
    "oQsIo45GdzXYiqndal/X053U7Wlbb6ZbqdfTLo2rCXV1IqETCJ1A6ATCNUWCTuuLSRPGYwjBeyW3FVO31b72qV3q+yz1FVPg"
    "6dcm93jVfr81vsFK376W6wRaoMFC3lK6jP6EPhA1BCtpG231dIN1A22hHk93Ai+pX6lOL/73NTgBUxM0ZsuBcC0QXkwgBN/A"
    "l1E33ebpb+w8tUapjS3RdWyJfqHMxjdYV9DV9CFPN1g8rY3SOrZEV7El+r/KbHwnsF3l1dNRJ8BTb5TuVGaJPqbMEj2hzFbP"
    "1lyFtlbWYLVAg4U839bLwNbLiy7ptLKYtK0vOWzNga05sDUHthrCciC8mEDQtq4CW1eBratibF3B1m2rJiwDwjIgLIshYHIR"
    "tK3bwdbtYOv2GFsxVdfW4LeF4hus9H1W+bMIeYOFvDM0R80png0YdFak5qkbWaJiChqsKyc36aRATsA0TrwxexUIrwJhXQIh"
    "6It+Sxl1g9L9Ek8TUXqZLdFrbImuUGaTCL8lTjBpIkpIwOQiBI3U8sk1ZxHy1BalZcqsnfRZhP5KQyEjU64TyKZosFwNQa03"
    "WLXQkdVOg5VN0WBN1dagwcpCg5WFBmtx2GAFqQH6rE3QYI05GqxGaLAaYxusRWwrabACQj0Q6mMJrsasfEfWAQ1WR2yD5eqz"
    "yjdYPdBg9cQ2WK4+azY0WNkUDdbZ2JoBW5E3hy4MGyz/ls8HWzeAracSbA0arCw0WFlosPBnByd0AWHU8XqYD7Zimme5W0d/"
    "RLd42tb30C30YU/b+jN1Rr0rocHqgAarAxosdPet9G7646jBegc0WP/H0WD1QIPVAw0WuvthtUN9L7L1P0KD9dUqNViBrZkU"
    "trra1/K2ZsDWDNg6N7Q1SHOgfd0Atp5y2JoBWzNgK94/TugCwqiToICggICJoN/tAsKoo9FdDbauBlsxtVu/+8pt/aXD1jvA"
    "1jvAVkzd1u++clu/UtW+tSVFg+Xqs8o3WC3QYLVAg3Vx2GDpf2HH+6w3Q4P1c0eD1QINVgs0WHj/OGE5EF50EpqB0AwETE3Q"
    "mC0HwouOjuwSaLAugQYLU6vVZ11KH/RMg/W/1Lu9pN/B4g3WR6DBwtRr9VkfVf+NNVj/WX27ag2W3ymVa7BcfVb5BksTxqPO"
    "zDRYv6agwdL/wo73WX6HZRqstzsaLE7ANG7dP054FQjrnIQCEApAwDROvDF7FQjrHB3Zb6DB+g00WJgmrD7rFfr3yjRY/0a9"
    "RyX9DhZvsC6FBgtTm9Vn/a56K2uwfl+1S4MlI5OiE8hW2GBhkgZr9hNqqcHKVthgpbdVN1hZaLCy0GAthgYLU0Mx6QZrzNFg"
    "NUKD1Vi2wcKUpsFqhAarsWyDVTmhHgj1ZQmYXATdYPVAg9VTtsHCNDsarGyFDVZltmbAVuT5DdaF0GAZW88HW08l2KobrCw0"
    "WFlosLLQYBnCeUAYdbwe5oOtmOZZ7tbRRcUGK/D0TXQB/SFrsP4ppsHShHog1AOhHggLiwSd6opJE34WQ9ANVg80WD3QYPVA"
    "g/WnxQZLpw8Xk26wvlrVBitbYYNVqa0ZsDUDts4NbdUNFnf3fLD1lMPWDNiaAVvx/nHCeUAYdRIUEBQQMJH1yYoTRh2vh/lg"
    "63ywFdM8632X2/pTh613gK13gK2Yuq33XW7rV6psa6ZCWzGlsTUDtmbA1rlgK6Y5xaRtPeWwNQO2ZsDWDNhqCB4QRp0EBQQF"
    "BExkPZ6cMOokKCAoICggYKJiMs/Cei/5c+sJ+Nx6Aj63noDPrSfgk+oJ+CRwvIoN1q+osgYLU5oGKyCYq1LxBuvXxBssTGeK"
    "yfwrwuQGyxAwjVv3jxNOA2Gdk1AAQgEImMatx5MT1jkJBSAUgFAAAqbxYjLPwsbEButSaLAuhQbrUmiwMLUVk/kNLGmwZGRc"
    "E5y//qnimej2qe7pk+sM7eC09GD1aek87bLSLivtstIuIUyJoM/Q9tecoW3SUSsdtdJRKx2tuq14qvu5sdU/Dd0Q/NPQ8dWx"
    "nz47uS9Eab+V9heTf8vfKe6zsc/0AN0/uSfDZ8ykPWyJ9rG103G28YQBIAzEEly8NIQBIAyUJWByEXzbvlxcfaq7SY+xdaev"
    "sa2OrfkEW9O7W87WPNiKvB306cl9PrzNe8HWe8HWpxJs9Qn9QMDUZ/3s4IS9QDjmeD3sBlsx7bLcvYc+Qz+KbP0k3Uf/M3Lp"
    "2/Rf6QeJhAEgDABhAAifKBJ0uqeYNOHbMYTgvZLbiumo5e6X6D/RN1j6UjEFnv7t5D5ZNVvzKWx1uVve1jzYmgdbd4a2BmkH"
    "uHsv2PqUw9Y82JoHW/H+ccJeIBxzEvqB0A8ETH3WJytOOOZ4PewGW3eDrZh2We+73NbjDlsfBVsfBVsxHbXed7mtX6uyrfkK"
    "bcWUxtY82JoHW3eCrZh2FJO29SmHrXmwNQ+25sFWQ7gbCMechH4g9AMBU5/1eHLCMSehHwj9QOgHAqa+YjLPwrOOz60j8Ll1"
    "BD63jsDn1hH4pDoCnwSqYesB+ly4w5PpINtK0gNsSwmDjHAgImreIfr85D4cpUNWOlRM/i3/ZXEfiiUMAgHTAev+ccJBIDzg"
    "JAwCYRAImA5YjycnPOAkDAJhEAiDQMB0oJjMs1BKOEx/Ee6RYjpspcNWOmylw8U0FO0XpKKQkZGRkZGRkZGRkZGRkZGRkZGR"
    "kXkdj7429m009bMIMeHISYFvFML0j5yhLWdoy4nvYqvYKraKrWKr2Cq2iq1iq9gqIyMN1vQ0WHJSoDRY02Nr+vPc0ttqziK8"
    "Lcwm6bPW/KXorDVMm620OfZ58E9X85eis9aC5Dob0JXiCJ1A6IwlpOfFEzqB0FmW4OIlETqB0FkRAVM1Prf6Z5/5W8l5bq5U"
    "+nnJEPRZa0HCU92D89yCdSec6T8tPTh7LVh99hpPa6201kprrbS2JgkzZWsuha3p3Y2zNQe25mJtTe/uTNsqr4fZZWuuQltd"
    "7sbbmgNbc2Vtdblbe7bWwuthJm3NnYWtmJJszYGtuYpsxSS2zkaCjIxMugZrqn3WTDdY0pFJg3WubHU1WPqsNX8pOmvNNFib"
    "oMHalNBg6bPW/KXorLUguc4GdKXSZ7oDGiyTXGcDVtZgdUCDZZKLUFmD1QENlknpCdVtsPRZa3G2TrV9LbU1A7Yizz9rzV+K"
    "zloztm4AWzck2KrPWjMETAT9bhcQuoDQ5Wh0V4OtmNqt9nU93Tm52p6b6Vb6GKRbEwmdQOgEQicQrikSdFoPvJudhE4gdAKh"
    "EwjXAAHT+qr9nkB8gzXV9jXu9wR4g4U8/6y1P5lcis5a2za5ugW4gbbQXZC2JPwXcE7A1ASN2XIgXAuEaxMI+qy17sml6Kw1"
    "k1qj1MaW6Dq2dor7xn4FXU290Td2ntZGaR1boqvYEt3ENplwNRCuBsLVZQiYqmVrrkJbK2uwWqDBQp5v62Vg6+VFl3RaCe7e"
    "4LA1B7bmwNYc2GoIy4FwbQJB27oKbF0Ftq6KsXUFW7etmrAMCMuAsCyG4Hp1xNt6Bdh6Bdh6RYytLnerZ2vuLGwt12C1QIOF"
    "vMDWy8DWy8FWTCsdtubA1hzYmgNbLwdbMa102LoKbF0Ftq4qYyumJFtXga2rwNZVZWxNR1gGhGVAWFaGgElGRsbdCWRTNFjp"
    "G4Laa7CkI5tNDVY2RYM1VVv1WWu8wcpCg7U4bLD0WWu8z9oEDdYmR4PVCA1WY2yDhWcDpm+w9FlrnFAfS0jfmMX1Sx3QYHXE"
    "NljpG7MkQicQOisizIYGK5uiwTobWzNgK/L8s9aCBkuftWZs3QC2bkiwVZ+1xhusLDRY+LODE7qA0OV4PcwHWzHNs9ytoz+a"
    "XO3ne+gW+jNItyS883VAg9UBDRa6+1Z6N/1pZM87oMH6D44GqwMarA5osNBdn/BuIFwDaX3VbM2ksDV9+xpnawZszYCtc0Nb"
    "9VlrvH3dALZucNiaAVszYCveP07oAkKXk6CAoICAiaDf7QJCl6PRXQ22rgZbMbVbv/vKbb3RYetqsHU12Iqp3frdV27rlVXt"
    "W1tSNFjp29e4TqAFGqwWaLAuDhss/W+WeJ/1Zmiw3utosFqgwWqBBgvvHycsB8K1TkIzEJqBgKkJGrPlQLjW0ZFdAg3WJdBg"
    "YWq1+qxL6Q7WYF1Pf5jQYL0NGqy3QYOFaa3VZ72d/oA1WO+kd1XV1txZ2Fq+wWqBBqsFGqyLwwbL2HoZ2Ho5pJUOW3Ngaw5s"
    "zYGtl4Gtl0Na6bA1B7bmwNYc2JoDWy+HtNJh6yqwdRXYugpsXQW2/j5rsN5Cv+cgLAPCMiAsA8IyIPwupEuloJCRSdEJZCts"
    "sFzfuaTBemN2ZDNta/oGK72tusHKQoOVhQZrMTRYmBqgz9rkaLAaocFqLNtgufqs+AarERqsxrINVuWEeiDUlyW4GrP4BqsD"
    "GqyOsg2Wq8+qVoOVrbDBqszWDNiKPL/BuhAaLGPr+WDrhgRbdYOVhQYrCw1WFhosQzgPCF2O18N8sBXTPMvdOrqo2GAFnr6J"
    "LqA/Zg3Wv4tpsDShHgj1QKgHwsIiQac6aMze4+jIOqDB6oAGqwMarH9dbLB0eiv0We+oaoOVrbDBqtTWDNiaAVvnhrbqBou7"
    "ez7YusFhawZszYCteP844TwgdDkJCggKCJjI+mTFCV2O18N8sHU+2IppnvW+y23d6LB1Ndi6GmzF1G6973Jbr6yyrZkKbXW1"
    "r/G2ZsDWDNg6F2zFNAfa1w0OWzNgawZszYCthuABoctJUEBQQMBE1uPJCV1OggKCAoICAiaCfrfL0eiuBltXg62rwVZM7daV"
    "B6rZt7ZU2GC5+qz4BqsFGqwWaLAuhgYL01Los97saLBaoMFqgQarBRosQ1gChOVOQjMQmoGAqcl6PDlhuZPQDIRmIDQDAVMT"
    "NGbLHR3ZJdBgXQIN1iXQYGFqtX4/SxosGZl0nUD2LBosTNIvvTEJM23rVBssl62mwcpCg5WFBmsxNFiLocHC1OBosBqhwWqs"
    "qMHClNRgNUKD1VhRg5WGUA+E+rIEFy+JUA+E+ooImKrXYGXPosEqZ2sGbEVe0GBdCA3WYmiwMDU4Gqys9fogeH3wBmsxNFiY"
    "GhwNViM0WI3QYDVCg3URNFi/A+kCR4PVCA1WIzRYjdBgXQQNFue9yUmoB0I9EOqBsBAImOqq2mCVszW9u0kNVtZ6ffAG60Jo"
    "sC6EBmsxpAZHg5W1Xh/484M3WBdCg7UYUoOjwcparw/8+UHw+uAN1mJIDY4GqxEarEZosBqhwWqEBusi9t6abOt8sHU+2Ipp"
    "nvW+y21dUGVbMxXa6nI3qcHKWq8P3mBdCA3WhdBgcXfPd9iaAVszYGsGbDUEDwjnOQkKCAoImMh6PDnhPCdBAUEBQQEBE1nf"
    "Oxocn1vr4XNrPXxurYfPrfXwSRU/M1TX1sxZ2IopydaMReS2zgVb54KtmOY4bM1YRLyP3Na5YCumOQ5bMxYR7yM+qtzWuZDm"
    "OGzNWES8j/io4vPInwcXQVkZ/3f8/+Ofx/n/WEKe6g=="
)
#: The index in :data:`PERMUTATIONS` of each pattern's passing order, by its digits in base 7.
ORDER_INDEX: array = decode(DATA) if DATA else array("H")  # empty only while first generated
